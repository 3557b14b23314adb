public import Foundation

/// Why ``FeedPoller/poll(_:requestedBy:)`` could not poll a feed at all
/// (as opposed to a poll that ran and failed, a ``PollOutcome``).
public enum PollNotRun: Error, Hashable, Sendable, LocalizedError {
  /// The cache is not loaded yet: the reducer ignores fetches until it is.
  case cacheNotLoaded
  /// The store finished its streams: the daemon is stopping.
  case storeStopped

  /// What stopped the poll, for the log.
  public var errorDescription: String? {
    switch self {
    case .cacheNotLoaded: "the cache is not loaded yet"
    case .storeStopped: "the store has stopped"
    }
  }
}
