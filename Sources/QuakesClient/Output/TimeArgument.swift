public import FoundationEssentials
import QuakesModel

/// A time on the command line: ISO 8601 (`2024-03-10T12:00:00Z`, or a date
/// `2024-03-10` meaning its midnight UTC), or an age before now: a number and
/// a unit, `s`, `m`, `h`, `d` or `w` (`90m`, `6h`, `2d`).
public enum TimeArgument {
  /// The moment `text` names, relative ages counted back from `now`; `nil`
  /// when `text` is neither form, or names a moment outside the years 1–9999
  /// (``QuakeRanges/milliseconds``: no quake lies there, and the daemon reads
  /// only four-digit years).
  public static func parse(_ text: String, now: Date = Date()) -> Date? {
    guard let date = Self.moment(text, now: now),
      QuakeRanges.milliseconds.contains(Timestamp.milliseconds(date))
    else { return nil }
    return date
  }

  private static func moment(_ text: String, now: Date) -> Date? {
    if let unit = text.last, let seconds = Self.unitSeconds[unit], let amount = Double(text.dropLast()), amount >= 0,
      amount.isFinite
    {
      return now.addingTimeInterval(-amount * seconds)
    }
    if let date = Timestamp.parseISO8601(text) { return date }
    return Timestamp.parseISO8601(text + "T00:00:00Z")
  }

  /// What ``parse(_:now:)`` accepts, for error messages and `--help`.
  public static let accepted =
    "an ISO 8601 time (2024-03-10T12:00:00Z), a date (2024-03-10), or an age such as 90m, 6h, 2d, 1w"

  private static let unitSeconds: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
}
