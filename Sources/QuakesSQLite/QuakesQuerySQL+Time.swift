import Foundation
import QuakesModel

extension QuakesQuerySQL {
  /// `day` as its interval in its time zone (as the matcher makes it), in
  /// the `time` column's epoch milliseconds.
  mutating func requireDay(_ filter: QuakesQuery.Filter) {
    guard let interval = filter.day?.interval(in: filter.timeZone) else { return }
    self.require("time >= ?", [Self.firstMilliseconds(notBefore: interval.lowerBound)])
    self.require("time < ?", [Self.firstMilliseconds(notBefore: interval.upperBound)])
  }

  /// A time bound as the first millisecond it admits: `since` from it on
  /// (`time >= ?`), `until` before it (`time < ?`). A bound that is not a
  /// number excludes nothing in the matcher (every comparison with it is
  /// false), so it asks for nothing here.
  mutating func requireTime(_ comparison: String, _ bound: Date?) {
    guard let bound, !bound.timeIntervalSinceReferenceDate.isNaN else { return }
    self.require("time \(comparison) ?", [Self.firstMilliseconds(notBefore: bound)])
  }

  /// Times in `column` after `bound`, exclusive (`updatedAfter`): from the
  /// first millisecond whose date is later than it.
  mutating func requireTime(after bound: Date?, of column: String) {
    guard let bound, !bound.timeIntervalSinceReferenceDate.isNaN else { return }
    var first = Self.firstMilliseconds(notBefore: bound)
    if first <= QuakeRanges.milliseconds.upperBound, Timestamp.date(milliseconds: first) == bound { first += 1 }
    self.require("\(column) >= ?", [first])
  }

  /// The first epoch millisecond whose date, as the store reads it
  /// (``Timestamp/date(milliseconds:)``), is not before `date`; for a
  /// `date` outside the times a quake can have (``QuakeRanges/milliseconds``),
  /// the first or one past the last of them.
  ///
  /// A bound need not be a whole millisecond, and the conversion to a
  /// `Date` rounds, so rounding the bound would be off by one now and then;
  /// instead the guess is moved until the store's own conversion agrees.
  static func firstMilliseconds(notBefore date: Date) -> Int64 {
    let range = QuakeRanges.milliseconds
    func isBefore(_ milliseconds: Int64) -> Bool { Timestamp.date(milliseconds: milliseconds) < date }
    guard isBefore(range.lowerBound) else { return range.lowerBound }
    guard !isBefore(range.upperBound) else { return range.upperBound + 1 }
    var milliseconds = Timestamp.milliseconds(date, rounding: .up).clamped(to: range)
    while milliseconds > range.lowerBound, !isBefore(milliseconds - 1) { milliseconds -= 1 }
    while isBefore(milliseconds) { milliseconds += 1 }
    return milliseconds
  }
}

extension Int64 {
  /// This value, or the nearer end of `range` if it lies outside.
  fileprivate func clamped(to range: ClosedRange<Int64>) -> Int64 {
    Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
