public import QuakesData

/// How one poll of a feed ended, once its result was written (or not).
public enum PollOutcome: Hashable, Sendable {
  /// The feed changed and its diff was committed.
  case written(QuakesDiff.Counts)
  /// The server answered `304 Not Modified`, or sent the batch with the
  /// `metadata.generated` already applied (the same data again).
  case notModified
  /// The fetch failed; the cached quakes stay.
  case fetchFailed(String)
  /// The fetch worked but writing its diff failed; the cache was reloaded.
  case writeFailed(String)

  /// Whether the poll counts as a success for the backoff.
  public var isSuccess: Bool {
    switch self {
    case .written, .notModified: true
    case .fetchFailed, .writeFailed: false
    }
  }
}
