import Foundation

/// Durations as people write them in flags and configuration: `90s`, `5m`,
/// `1h`, `2d`, or combinations such as `1h30m`. A bare number is seconds.
public enum DurationText {
  /// Parses `text`; `nil` when it is not a positive duration in that form.
  public static func parse(_ text: String) -> Duration? {
    let text = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard !text.isEmpty else { return nil }
    guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || Self.unitSeconds[$0] != nil) }) else { return nil }
    if text.last?.isNumber == true {
      guard let seconds = Double(text), seconds > 0, seconds < Self.longest else { return nil }
      return .milliseconds(Int64(seconds * 1000))
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
    guard number.isEmpty, total > 0, total < Self.longest else { return nil }
    return .milliseconds(Int64(total * 1000))
  }

  /// `duration` the way ``parse(_:)`` reads it back, e.g. `5m`, `1h30m`, `90s`.
  public static func format(_ duration: Duration) -> String {
    var seconds = Int64(duration.components.seconds)
    guard seconds > 0 else { return "0s" }
    var text = ""
    for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60), ("s", 1)] where seconds >= size {
      text += "\(seconds / size)\(unit)"
      seconds %= size
    }
    return text
  }

  /// Longer than any sensible interval (about 31 years); beyond it, the
  /// milliseconds would not fit in a `Duration` built from an `Int64`.
  private static let longest: Double = 1e9

  private static let unitSeconds: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
}

