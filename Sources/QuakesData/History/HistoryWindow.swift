import QuakesModel

/// A stretch of origin times a backfill fetches in one FDSN request, once
/// the service's count says it holds no more events than one request may
/// return.
public struct HistoryWindow: Hashable, Sendable, CustomStringConvertible {
  /// The earliest origin time, inclusive, in epoch milliseconds.
  public var start: Int64
  /// The latest origin time, exclusive, in epoch milliseconds.
  public var end: Int64
  /// How many events the service counted in it; `nil` until asked.
  public var count: Int?

  /// Creates a window, not yet counted unless `count` is given.
  public init(start: Int64, end: Int64, count: Int? = nil) {
    self.start = start
    self.end = end
    self.count = count
  }

  /// The two halves of the window, split at its middle millisecond, not
  /// counted; `nil` when it is one millisecond long and cannot be split.
  public var halves: (HistoryWindow, HistoryWindow)? {
    guard self.end - self.start >= 2 else { return nil }
    let middle = self.start + (self.end - self.start) / 2
    return (HistoryWindow(start: self.start, end: middle), HistoryWindow(start: middle, end: self.end))
  }

  public var description: String {
    "\(Timestamp.iso8601(Timestamp.date(milliseconds: self.start)))…"
      + "\(Timestamp.iso8601(Timestamp.date(milliseconds: self.end)))"
  }
}
