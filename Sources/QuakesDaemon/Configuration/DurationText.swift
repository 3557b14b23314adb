import Foundation

/// Durations as people write them in flags and configuration: `90s`, `5m`,
/// `1h`, `2d`, or combinations such as `1h30m`. A bare number is seconds.
public enum DurationText {
  /// What ``parse(_:)`` accepts, for error messages.
  public static let allowedValues =
    "a duration from 0.001s (1 ms) to under 1000000000s, such as 30s, 5m, 1h or 1h30m (a bare number is seconds)"

  /// Parses `text` to the nearest millisecond; `nil` when it is not a
  /// duration in that form of at least a millisecond and under ``longest``.
  public static func parse(_ text: String) -> Duration? {
    let text = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard !text.isEmpty else { return nil }
    guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || Self.unitSeconds[$0] != nil) }) else {
      return nil
    }
    if text.last?.isNumber == true {
      guard let seconds = Double(text) else { return nil }
      return Self.duration(seconds: seconds)
    }
    var total: Double = 0
    var number = ""
    for character in text {
      if character.isNumber || character == "." {
        number.append(character)
        continue
      }
      guard let value = Double(number), let unit = Self.unitSeconds[character] else { return nil }
      total += value * unit
      number = ""
    }
    guard number.isEmpty else { return nil }
    return Self.duration(seconds: total)
  }

  /// `seconds` to the nearest millisecond, when that is at least one and
  /// under ``longest`` (0.0004s would otherwise become a zero timeout).
  private static func duration(seconds: Double) -> Duration? {
    guard seconds.isFinite, seconds < Self.longest else { return nil }
    let milliseconds = (seconds * 1000).rounded()
    guard milliseconds >= 1 else { return nil }
    return .milliseconds(Int64(milliseconds))
  }

  /// `duration` the way ``parse(_:)`` reads it back, to the millisecond,
  /// e.g. `5m`, `1h30m`, `90s`, `1m0.5s`, `0.001s`.
  public static func format(_ duration: Duration) -> String {
    var seconds = Int64(duration.components.seconds)
    let milliseconds = duration.components.attoseconds / 1_000_000_000_000_000
    guard seconds > 0 || milliseconds > 0 else { return "0s" }
    var text = ""
    for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60)] where seconds >= size {
      text += "\(seconds / size)\(unit)"
      seconds %= size
    }
    if milliseconds > 0 {
      var fraction = String(milliseconds + 1_000).dropFirst()
      while fraction.last == "0" { fraction.removeLast() }
      text += "\(seconds).\(fraction)s"
    } else if seconds > 0 {
      text += "\(seconds)s"
    }
    return text
  }

  /// Longer than any sensible interval (about 31 years); well beyond it,
  /// the milliseconds would not fit in an `Int64`.
  private static let longest: Double = 1e9

  private static let unitSeconds: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
}
