import Foundation
import QuakesModel

extension QuakesQuerySQL {
  /// `day` as its interval in its time zone (as the matcher makes it), in
  /// the `time` column's epoch milliseconds.
  mutating func requireDay(_ filter: QuakesQuery.Filter) {
    guard let interval = filter.day?.interval(in: filter.timeZone) else { return }
    self.require("time >= ?", [Timestamp.firstMilliseconds(notBefore: interval.lowerBound)])
    self.require("time < ?", [Timestamp.firstMilliseconds(notBefore: interval.upperBound)])
  }

  /// A time bound as the first millisecond it admits: `since` from it on
  /// (`time >= ?`), `until` before it (`time < ?`). A bound that is not a
  /// number excludes nothing in the matcher (every comparison with it is
  /// false), so it asks for nothing here.
  mutating func requireTime(_ comparison: String, _ bound: Date?) {
    guard let bound, !bound.timeIntervalSinceReferenceDate.isNaN else { return }
    self.require("time \(comparison) ?", [Timestamp.firstMilliseconds(notBefore: bound)])
  }

  /// Times in `column` after `bound`, exclusive (`updatedAfter`): from the
  /// first millisecond whose date is later than it.
  mutating func requireTime(after bound: Date?, of column: String) {
    guard let bound, !bound.timeIntervalSinceReferenceDate.isNaN else { return }
    self.require("\(column) >= ?", [Timestamp.firstMilliseconds(after: bound)])
  }
}
