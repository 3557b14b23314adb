/// A size as Foundation's `ByteCountFormatter` writes it in its `.file`
/// style (`Zero KB`, `1 byte`, `999 KB`, `12.3 MB`, `1.23 GB`), which
/// `quakectl status` has always printed: without Foundation's ICU, which
/// quakectl does not link (issue 33). A seeded test holds the two equal.
public enum ByteCountText {
  private static let units = ["KB", "MB", "GB", "TB", "PB", "EB"]

  /// `bytes` in decimal units (1 KB = 1,000 bytes), the largest unit it
  /// reaches, with no decimals in KB, one in MB and two beyond, rounded half
  /// to even on the number's shortest decimal text, trailing zeros dropped.
  public static func file(_ bytes: Int64) -> String {
    if bytes == 0 { return "Zero KB" }
    let magnitude = bytes.magnitude
    if magnitude < 1_000 { return "\(bytes) \(magnitude == 1 ? "byte" : "bytes")" }
    var unit = 0
    var scale = 1_000.0
    while unit + 1 < Self.units.count, Double(magnitude) >= scale * 1_000 {
      unit += 1
      scale *= 1_000
    }
    let number = Self.rounded(Double(magnitude) / scale, fractionDigits: min(unit, 2))
    return (bytes < 0 ? "-" : "") + number + " " + Self.units[unit]
  }

  /// `value`'s shortest decimal text rounded half to even to
  /// `fractionDigits`, without trailing zeros, its integer part grouped by
  /// thousands (`1,000`).
  private static func rounded(_ value: Double, fractionDigits: Int) -> String {
    let text = "\(value)"
    let parts = text.split(separator: ".", maxSplits: 1)
    var digits = Array(parts[0].utf8).map { Int($0) - 48 }
    let integerCount = digits.count
    let fraction = parts.count > 1 ? Array(parts[1].utf8).map { Int($0) - 48 } : []
    digits += fraction.prefix(fractionDigits)
    digits += Array(repeating: 0, count: integerCount + fractionDigits - digits.count)
    let rest = fraction.dropFirst(fractionDigits)
    let first = rest.first ?? 0
    let roundsUp =
      first > 5 || first == 5 && (rest.dropFirst().contains { $0 != 0 } || (digits.last ?? 0) % 2 == 1)
    var integerDigits = integerCount
    if roundsUp {
      var index = digits.count - 1
      while index >= 0, digits[index] == 9 {
        digits[index] = 0
        index -= 1
      }
      if index >= 0 {
        digits[index] += 1
      } else {
        digits.insert(1, at: 0)
        integerDigits += 1
      }
    }
    var fractionPart = digits[integerDigits...]
    while fractionPart.last == 0 { fractionPart.removeLast() }
    var integerText = ""
    for (offset, digit) in digits[..<integerDigits].enumerated() {
      if offset > 0, (integerDigits - offset) % 3 == 0 { integerText += "," }
      integerText += String(digit)
    }
    return fractionPart.isEmpty ? integerText : integerText + "." + fractionPart.map(String.init).joined()
  }
}
