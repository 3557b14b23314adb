package import QuakesModel
package import QuakesProtocol

/// Polls a feed at a client's request and waits for its outcome
/// (`quakes.refresh` with `wait`).
package protocol FeedRefreshing: Sendable {
  /// Polls `feed` now (joining a poll of it already running) and says
  /// what came of it once it was written or failed.
  func refreshAndWait(_ feed: QuakesFeed) async -> RefreshResult.Feed
}
