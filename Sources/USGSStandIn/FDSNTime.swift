/// The times of the FDSN event service: ISO 8601 in UTC, read in every form
/// USGS accepts (`2014-01-01`, `2014-01-01T00:00`, `2014-01-01T00:00:00`,
/// `2014-01-01 00:00:00.123`, with an optional `Z` or `±HH:MM` offset) and
/// written as USGS writes them; in whole milliseconds since 1970, so bounds
/// compare exactly with events' times. Parsed by hand: no formatter, no
/// locale, no time zone database, and fast enough for every request.
package enum FDSNTime {
  /// The milliseconds since 1970 of `text`, or `nil` when it is not such a time.
  package static func parse(_ text: String) -> Int64? {
    var scanner = Scanner(Array(text.utf8))
    guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
      let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
      let day = scanner.digits(2),
      (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var milliseconds = Self.days(year: year, month: month, day: day) * 86_400_000
    if scanner.isAtEnd { return milliseconds }
    guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: " ")),
      let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")), let minute = scanner.digits(2),
      hour < 24, minute < 60
    else { return nil }
    milliseconds += Int64(hour) * 3_600_000 + Int64(minute) * 60_000
    if scanner.take(UInt8(ascii: ":")) {
      guard let second = scanner.digits(2), second < 60 else { return nil }
      milliseconds += Int64(second) * 1_000
      if scanner.take(UInt8(ascii: ".")) {
        guard let fraction = scanner.fractionMilliseconds() else { return nil }
        milliseconds += fraction
      }
    }
    if scanner.take(UInt8(ascii: "Z")) || scanner.isAtEnd {
      return scanner.isAtEnd ? milliseconds : nil
    }
    let sign: Int64 = scanner.take(UInt8(ascii: "+")) ? 1 : scanner.take(UInt8(ascii: "-")) ? -1 : 0
    guard sign != 0, let offsetHours = scanner.digits(2), offsetHours < 24 else { return nil }
    _ = scanner.take(UInt8(ascii: ":"))
    let offsetMinutes = scanner.isAtEnd ? 0 : scanner.digits(2)
    guard let offsetMinutes, offsetMinutes < 60, scanner.isAtEnd else { return nil }
    return milliseconds - sign * (Int64(offsetHours) * 3_600_000 + Int64(offsetMinutes) * 60_000)
  }

  /// `milliseconds` as USGS writes a time in its error pages: `2024-05-01T12:00:00+00:00`.
  package static func format(milliseconds: Int64) -> String {
    let days = Self.floorDivide(milliseconds, 86_400_000)
    let (year, month, day) = Self.civil(days: days)
    let secondOfDay = (milliseconds - days * 86_400_000) / 1_000
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - "\(year)".count)) + "\(year)"
    return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60))"
      + ":\(two(secondOfDay % 60))+00:00"
  }

  /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar
  /// (Howard Hinnant's `days_from_civil`).
  private static func days(year: Int, month: Int, day: Int) -> Int64 {
    let shiftedYear = Int64(month <= 2 ? year - 1 : year)
    let era = Self.floorDivide(shiftedYear, 400)
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of `days` since 1970-01-01 (Hinnant's `civil_from_days`).
  private static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = Self.floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : (value - divisor + 1) / divisor
  }

  /// Reads ASCII digits and punctuation from the front of a text.
  private struct Scanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
    }

    var isAtEnd: Bool { self.index == self.bytes.count }

    /// Consumes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
      guard self.index < self.bytes.count, self.bytes[self.index] == byte else { return false }
      self.index += 1
      return true
    }

    /// Consumes exactly `count` digits and returns their value.
    mutating func digits(_ count: Int) -> Int? {
      guard self.bytes.count - self.index >= count else { return nil }
      var value = 0
      for byte in self.bytes[self.index..<self.index + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      self.index += count
      return value
    }

    /// Consumes the digits of a fraction of a second (at least one) and
    /// returns its whole milliseconds (digits past the third are dropped).
    mutating func fractionMilliseconds() -> Int64? {
      var value: Int64 = 0
      var count = 0
      while self.index < self.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self.bytes[self.index]) {
        if count < 3 { value = value * 10 + Int64(self.bytes[self.index] - UInt8(ascii: "0")) }
        count += 1
        self.index += 1
      }
      guard count > 0 else { return nil }
      for _ in count..<max(count, 3) { value *= 10 }
      return value
    }
  }
}
