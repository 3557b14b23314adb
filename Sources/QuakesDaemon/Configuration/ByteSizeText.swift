/// Sizes as people write them: `65536`, `512KiB`, `64MiB`, `1GiB` (powers of
/// 1024) or `500kB`, `10MB`, `1GB` (powers of 1000); the unit in any case.
public enum ByteSizeText {
  /// What ``parse(_:)`` accepts, for error messages.
  public static let allowedValues = "a size over zero such as 65536 (bytes), 512KiB, 64MiB or 1GiB (also kB, MB, GB)"

  /// Parses `text`; `nil` when it is not a positive whole size in that form
  /// or exceeds what an `Int` holds.
  public static func parse(_ text: String) -> Int? {
    let text = text.trimmingCharacters(in: .whitespaces)
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
    guard !digits.isEmpty, let number = Int(digits), let multiplier = Self.multipliers[unit] else { return nil }
    let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
    guard !overflow, bytes > 0 else { return nil }
    return bytes
  }

  /// `bytes` the way ``parse(_:)`` reads it back, in the largest binary unit
  /// that divides it, e.g. `64MiB`, `1536KiB`, `1000`.
  public static func format(_ bytes: Int) -> String {
    for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size && bytes % size == 0
    {
      return "\(bytes / size)\(unit)"
    }
    return "\(bytes)"
  }

  private static let multipliers: [String: Int] = [
    "": 1, "b": 1,
    "kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30,
    "kb": 1_000, "mb": 1_000_000, "gb": 1_000_000_000,
  ]
}
