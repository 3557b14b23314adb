public import FoundationEssentials

/// Conversions between `Date`, epoch milliseconds and ISO 8601 text.
///
/// USGS gives times as epoch milliseconds; people and scripts read ISO 8601
/// in UTC with milliseconds (`2021-04-16T19:56:38.123Z`). These conversions
/// are exact to the millisecond and do not allocate a formatter, because the
/// wire format prints thousands of them per reply.
public enum Timestamp {
  /// The date `milliseconds` after 1970-01-01T00:00:00Z.
  public static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// `date` as whole milliseconds after 1970-01-01T00:00:00Z, rounded to
  /// the nearest, and clamped to what an `Int64` holds (a `Date` can be far
  /// beyond it, or not a number; converting such a double would trap).
  /// ``QuakeRanges`` keeps the dates of quakes well inside.
  public static func milliseconds(_ date: Date) -> Int64 {
    self.milliseconds(date, rounding: .toNearestOrAwayFromZero)
  }

  /// `date` as whole milliseconds after 1970-01-01T00:00:00Z, rounded by
  /// `rule`, and clamped as ``milliseconds(_:)`` is.
  public static func milliseconds(_ date: Date, rounding rule: FloatingPointRoundingRule) -> Int64 {
    let value = (date.timeIntervalSince1970 * 1000).rounded(rule)
    if let exact = Int64(exactly: value) { return exact }
    if value.isNaN { return 0 }
    return value > 0 ? .max : .min
  }

  /// `date` in UTC as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  public static func iso8601(_ date: Date) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    self.appendISO8601(date, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `date` as ``iso8601(_:)`` writes it, appended to `bytes` in UTF-8: a
  /// writer of many times (QuakeML) writes each without making a string.
  public static func appendISO8601(_ date: Date, to bytes: inout [UInt8]) {
    let total = self.milliseconds(date)
    let (days, msOfDay) = self.floorDivide(total, 86_400_000)
    let (year, month, day) = self.civil(fromDays: days)
    if (0...9999).contains(year) {
      bytes.append(decimal: UInt(year), width: 4)
    } else {
      bytes.append(contentsOf: String(year).utf8)
    }
    // Each field is within 0...999 here: `UInt` cannot trap.
    func field(_ separator: Unicode.Scalar, _ value: Int64, width: Int = 2) {
      bytes.append(UInt8(ascii: separator))
      bytes.append(decimal: UInt(value), width: width)
    }
    field("-", month)
    field("-", day)
    field("T", msOfDay / 3_600_000)
    field(":", msOfDay / 60_000 % 60)
    field(":", msOfDay / 1000 % 60)
    field(".", msOfDay % 1000, width: 3)
    bytes.append(UInt8(ascii: "Z"))
  }

  /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff…]]` and the same with a
  /// `Z` or `±HH:MM` offset. Without an offset, the time is taken as UTC.
  /// Fractions beyond milliseconds are truncated.
  ///
  /// - Returns: `nil` when `text` is not one of those forms or names an
  ///   impossible date (month 13, February 30, hour 24).
  public static func parseISO8601(_ text: String) -> Date? {
    var scanner = DigitScanner(Array(text.utf8))
    guard let year = scanner.number(digits: 4), scanner.skip("-"),
      let month = scanner.number(digits: 2), scanner.skip("-"),
      let day = scanner.number(digits: 2),
      (1...12).contains(month), (1...self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var msOfDay: Int64 = 0
    var offsetMinutes: Int64 = 0
    if scanner.skip("T") || scanner.skip(" ") {
      guard let hour = scanner.number(digits: 2), scanner.skip(":"),
        let minute = scanner.number(digits: 2), hour < 24, minute < 60
      else { return nil }
      var second: Int64 = 0
      var millisecond: Int64 = 0
      if scanner.skip(":") {
        guard let value = scanner.number(digits: 2), value < 60 else { return nil }
        second = value
        if scanner.skip(".") || scanner.skip(",") {
          guard let fraction = scanner.fractionMilliseconds() else { return nil }
          millisecond = fraction
        }
      }
      msOfDay = ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
      if scanner.skip("Z") || scanner.skip("z") {
      } else if let sign = scanner.sign() {
        guard let offsetHour = scanner.number(digits: 2) else { return nil }
        _ = scanner.skip(":")
        guard let offsetMinute = scanner.number(digits: 2), offsetHour < 24, offsetMinute < 60
        else { return nil }
        offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
      }
    }
    guard scanner.isAtEnd else { return nil }
    let days = self.days(fromCivil: year, month, day)
    return self.date(milliseconds: days * 86_400_000 + msOfDay - offsetMinutes * 60_000)
  }
}

extension Timestamp {
  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
  static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's algorithm).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The quotient rounded toward −∞ and the non-negative remainder, for any
  /// `value` (no intermediate sum that could overflow at `Int64.min`).
  static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}

/// Reads fixed-width decimal fields from ASCII bytes.
private struct DigitScanner {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { self.index == self.bytes.count }

  mutating func skip(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue, self.index < self.bytes.count,
      self.bytes[self.index] == ascii
    else { return false }
    self.index += 1
    return true
  }

  mutating func sign() -> Int64? {
    if self.skip("+") { return 1 }
    if self.skip("-") { return -1 }
    return nil
  }

  mutating func number(digits: Int) -> Int64? {
    guard self.index + digits <= self.bytes.count else { return nil }
    var value: Int64 = 0
    for byte in self.bytes[self.index..<self.index + digits] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    self.index += digits
    return value
  }

  mutating func fractionMilliseconds() -> Int64? {
    var value: Int64 = 0
    var count = 0
    while self.index < self.bytes.count,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self.bytes[self.index])
    {
      if count < 3 { value = value * 10 + Int64(self.bytes[self.index] - UInt8(ascii: "0")) }
      count += 1
      self.index += 1
    }
    guard count > 0 else { return nil }
    for _ in count..<max(count, 3) { value *= 10 }
    return value
  }
}
