/// The state of an asynchronous operation (loading the cache, fetching a feed).
///
/// As in the seed: `nil` (not started) → ``waiting`` → ``success`` or
/// ``failure(error:)``.
public enum Status: Hashable, Sendable {
  /// The operation runs; another request for it is ignored.
  case waiting
  /// The operation finished.
  case success
  /// The operation failed; `error` says why and what to do.
  case failure(error: String)
}
