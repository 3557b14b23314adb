public import FoundationEssentials

/// Why a backfill's filters cannot be sent to the FDSN event service.
public enum HistoryQueryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Filters the service cannot apply, by their list names.
  case unsupported([String])
  /// `until` is not after `since` (`since` in the future, say).
  case emptySpan(since: Date, until: Date)
  /// A time before year 1 or after year 9999.
  case outOfRange(since: Date, until: Date)

  public var description: String {
    switch self {
    case .unsupported(let names):
      "the FDSN event service cannot filter by \(names.joined(separator: ", ")); "
        + "backfill what it can and narrow the cache with quakectl list"
    case .emptySpan(let since, let until):
      "the backfill's span is empty: since (\(Timestamp.iso8601(since))) must be before until "
        + "(\(Timestamp.iso8601(until)), now when not given); USGS has no events from the future"
    case .outOfRange(let since, let until):
      "since (\(Timestamp.iso8601(since))) and until (\(Timestamp.iso8601(until))) must lie between the years 1 "
        + "and 9999"
    }
  }
}
