public import Foundation

/// Why a backfill's filters cannot be sent to the FDSN event service.
public enum HistoryQueryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Filters the service cannot apply, by their list names.
  case unsupported([String])
  /// `until` is not after `since`.
  case emptySpan(since: Date, until: Date)

  public var description: String {
    switch self {
    case .unsupported(let names):
      "the FDSN event service cannot filter by \(names.joined(separator: ", ")); "
        + "backfill what it can and narrow the cache with quakectl list"
    case .emptySpan(let since, let until):
      "the backfill's span is empty: until (\(Timestamp.iso8601(until))) must be after since "
        + "(\(Timestamp.iso8601(since)))"
    }
  }
}
