public import QuakesModel

/// Everything the local store holds: what the first launch loads into state.
public struct PersistedCache: Hashable, Sendable {
  /// Every cached quake.
  public var quakes: [Quake]
  /// What is known of each feed fetched before.
  public var feeds: [QuakesFeed: FeedRecord]
  /// The checkpoint of the last backfill and the last reconciliation.
  public var history: [HistoryJob.Kind: HistoryJob]

  /// Creates the content of a local store.
  public init(
    quakes: [Quake] = [], feeds: [QuakesFeed: FeedRecord] = [:], history: [HistoryJob.Kind: HistoryJob] = [:]
  ) {
    self.quakes = quakes
    self.feeds = feeds
    self.history = history
  }
}
