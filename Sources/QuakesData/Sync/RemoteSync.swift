import Foundation
import QuakesModel

/// How a remote batch changes the cached quakes: pure functions the reducer
/// applies and the listener uses to find which ids to diff.
///
/// Beyond the seed's upsert (and removal of magnitude ≤ 0 or unknown):
/// - **Id changes.** When USGS prefers another network's solution, an event
///   gets a new id and the old one stays in its `ids` list. A cached quake
///   under one of a fetched quake's other ids is the same event: it is removed,
///   and the fetched quake inserted under its new id.
/// - **Upstream deletions.** An `all_*` feed lists every event of its window,
///   so a cached quake whose time lies in the window of the fetched feed —
///   from `metadata.generated` minus the period, plus
///   ``SyncOptions/windowMargin``, up to `metadata.generated` — but which the
///   feed does not list was deleted upstream, and is removed. Magnitude feeds
///   are not complete (an event revised below the threshold drops out), so
///   they never delete; nor does a batch without `metadata.generated`.
enum RemoteSync {
  /// The quakes after applying `batch` of `feed` to `data`.
  static func apply(
    _ batch: FeedBatch,
    of feed: QuakesFeed,
    options: SyncOptions,
    to data: QuakesState.Quakes.Data
  ) -> QuakesState.Quakes.Data {
    var next = data
    for id in self.replacedIds(by: batch, in: data)
      + self.deletedUpstream(by: batch, of: feed, options: options, in: data)
    {
      next[id] = nil
    }
    for quake in batch.quakes {
      if let magnitude = quake.magnitude, magnitude > 0 {
        next[quake.id] = quake
      } else {
        next[quake.id] = nil
      }
    }
    return next
  }

  /// Every id whose quake `batch` may insert, update or delete when applied
  /// to `data`: the ids it lists, the old ids it replaces, and those it
  /// deletes upstream. The diff looks at these and nothing else.
  static func touchedIds(
    by batch: FeedBatch,
    of feed: QuakesFeed,
    options: SyncOptions,
    in data: QuakesState.Quakes.Data
  ) -> [Quake.ID] {
    batch.quakes.map(\.id) + self.replacedIds(by: batch, in: data)
      + self.deletedUpstream(by: batch, of: feed, options: options, in: data)
  }

  /// Cached ids that a fetched quake lists among its other ids.
  static func replacedIds(by batch: FeedBatch, in data: QuakesState.Quakes.Data) -> [Quake.ID] {
    guard !batch.otherIds.isEmpty else { return [] }
    var replaced: [Quake.ID] = []
    for (id, others) in batch.otherIds {
      for other in others where other != id && data[other] != nil {
        replaced.append(other)
      }
    }
    return replaced
  }

  /// Cached ids inside the window of a complete feed that the feed does not
  /// list: the window is a stretch of the time order, not a scan of the cache.
  static func deletedUpstream(
    by batch: FeedBatch,
    of feed: QuakesFeed,
    options: SyncOptions,
    in data: QuakesState.Quakes.Data
  ) -> [Quake.ID] {
    guard options.deletesUpstream, feed.isComplete, let generated = batch.generated else { return [] }
    let start = generated.addingTimeInterval(-feed.period.seconds + options.windowMargin)
    guard start < generated else { return [] }
    let listed = Set(batch.quakes.lazy.map(\.id))
    let window = data.byTime.rank { $0.quake.time < start }..<data.byTime.rank { $0.quake.time <= generated }
    var deleted: [Quake.ID] = []
    data.byTime.forEach(in: window) { element in
      if !listed.contains(element.quake.id) { deleted.append(element.quake.id) }
      return true
    }
    return deleted
  }
}
