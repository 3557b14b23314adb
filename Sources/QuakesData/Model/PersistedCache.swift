public import Foundation
public import QuakesModel

/// What the first launch loads into the state: the live window's quakes,
/// the count of the others, and every feed record and history job.
public struct PersistedCache: Hashable, Sendable {
  /// Every cached quake from ``liveSince`` on (every one when it is `nil`).
  public var quakes: [Quake]
  /// The time from which ``quakes`` holds every cached quake; `nil` for all.
  public var liveSince: Date?
  /// How many cached quakes are older than ``liveSince``, not in ``quakes``.
  public var historyCount: Int
  /// What is known of each feed fetched before.
  public var feeds: [QuakesFeed: FeedRecord]
  /// The checkpoint of the last backfill and the last reconciliation.
  public var history: [HistoryJob.Kind: HistoryJob]
  /// The last change of a shared store this snapshot includes; `nil` for a
  /// store of its own.
  public var storeChange: Int64?

  /// Creates the content of a local store.
  public init(
    quakes: [Quake] = [], feeds: [QuakesFeed: FeedRecord] = [:], history: [HistoryJob.Kind: HistoryJob] = [:],
    liveSince: Date? = nil, historyCount: Int = 0
  ) {
    self.quakes = quakes
    self.liveSince = liveSince
    self.historyCount = historyCount
    self.feeds = feeds
    self.history = history
  }
}
