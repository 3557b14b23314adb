public import FoundationEssentials

extension Timestamp {
  /// The first epoch millisecond whose date, as a store reads it
  /// (``date(milliseconds:)``), is not before `date`; for a `date` outside
  /// the times a quake can have (``QuakeRanges/milliseconds``), the first
  /// or one past the last of them. What a bound of a query becomes in a
  /// database that keeps times as epoch milliseconds: `time >= ` it for
  /// "from `date` on", `time < ` it for "before `date`".
  ///
  /// A bound need not be a whole millisecond, and the conversion to a
  /// `Date` rounds, so rounding the bound would be off by one now and then;
  /// instead the guess is moved until the store's own conversion agrees.
  public static func firstMilliseconds(notBefore date: Date) -> Int64 {
    let range = QuakeRanges.milliseconds
    func isBefore(_ milliseconds: Int64) -> Bool { Self.date(milliseconds: milliseconds) < date }
    guard isBefore(range.lowerBound) else { return range.lowerBound }
    guard !isBefore(range.upperBound) else { return range.upperBound + 1 }
    var milliseconds = Swift.min(
      Swift.max(Self.milliseconds(date, rounding: .up), range.lowerBound), range.upperBound)
    while milliseconds > range.lowerBound, !isBefore(milliseconds - 1) { milliseconds -= 1 }
    while isBefore(milliseconds) { milliseconds += 1 }
    return milliseconds
  }

  /// The first epoch millisecond whose date is later than `date`: what
  /// "after `date`", exclusive, becomes (`updated >= ` it).
  public static func firstMilliseconds(after date: Date) -> Int64 {
    var first = Self.firstMilliseconds(notBefore: date)
    if first <= QuakeRanges.milliseconds.upperBound, Self.date(milliseconds: first) == date { first += 1 }
    return first
  }
}
