package import QuakesModel
package import QuakesProtocol
import QuakesServer

/// `quakes.refresh` with `wait`: a client's poll and what came of it.
extension FeedPoller: FeedRefreshing {
  package func refreshAndWait(_ feed: QuakesFeed) async -> RefreshResult.Feed {
    do {
      return Self.entry(feed, try await self.poll(feed, requestedBy: .client))
    } catch {
      return RefreshResult.Feed(feed: feed.name, outcome: .failed, error: "the daemon is stopping")
    }
  }

  private static func entry(_ feed: QuakesFeed, _ outcome: PollOutcome) -> RefreshResult.Feed {
    switch outcome {
    case .written(let counts):
      RefreshResult.Feed(
        feed: feed.name, outcome: .written, inserted: counts.inserted, updated: counts.updated, deleted: counts.deleted)
    case .notModified:
      RefreshResult.Feed(feed: feed.name, outcome: .notModified)
    case .fetchFailed(let message), .writeFailed(let message):
      RefreshResult.Feed(feed: feed.name, outcome: .failed, error: message)
    }
  }
}
