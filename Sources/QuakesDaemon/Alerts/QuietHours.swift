import Foundation

/// A rule's `quiet:` hours: from ``from`` to ``to`` each day, in
/// ``timeZone``, only urgent firings (those that match `unless:`) go out;
/// the rest are held back and sent as one digest when the quiet hours end.
struct QuietHours: Hashable, Sendable {
  /// When they start, in minutes after midnight.
  var from: Int
  /// When they end, in minutes after midnight; before ``from``, they run past midnight.
  var to: Int
  /// The zone of the clock times.
  var timeZone: TimeZone

  /// Whether `date` falls in the quiet hours.
  func contains(_ date: Date) -> Bool {
    let minute = self.minuteOfDay(date)
    return self.from <= self.to
      ? (self.from..<self.to).contains(minute) : minute >= self.from || minute < self.to
  }

  /// When the quiet hours that contain `date` end: the next ``to`` after it.
  func end(after date: Date) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = self.timeZone
    let components = DateComponents(hour: self.to / 60, minute: self.to % 60, second: 0)
    return calendar.nextDate(after: date, matching: components, matchingPolicy: .nextTime)
      ?? date.addingTimeInterval(86_400)
  }

  /// `HH:MM` as minutes after midnight; `nil` for anything else.
  static func minutes(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hour = Int(parts[0]),
      let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }

  private func minuteOfDay(_ date: Date) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = self.timeZone
    let components = calendar.dateComponents([.hour, .minute], from: date)
    return (components.hour ?? 0) * 60 + (components.minute ?? 0)
  }
}
