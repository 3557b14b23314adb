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
///
/// The state holds the live window (``LiveWindow``); a batch may also
/// change a cached quake outside it (one of its ids or aliases is older, or
/// a refresh of a feed longer than the polled ones). ``StoredLookup`` says
/// what to read from the local store for those, and the reducer and the
/// listener apply the batch to the state with them (``LiveWindow/take(_:into:)``).
enum RemoteSync {
  /// The quakes after applying `batch` of `feed` to `data`, and the ids it
  /// touched (``touchedIds(by:of:options:in:)``).
  static func apply(
    _ batch: FeedBatch,
    of feed: QuakesFeed,
    options: SyncOptions,
    to data: QuakesState.Quakes.Data
  ) -> (data: QuakesState.Quakes.Data, touched: [Quake.ID]) {
    var next = data
    let removed =
      self.replacedIds(by: batch, in: data) + self.deletedUpstream(by: batch, of: feed, options: options, in: data)
    for id in removed {
      next[id] = nil
    }
    for quake in batch.quakes {
      if let magnitude = quake.magnitude, magnitude > 0 {
        next[quake.id] = quake
      } else {
        next[quake.id] = nil
      }
    }
    return (next, batch.quakes.map(\.id) + removed)
  }

  /// What the local store holds that `batch` may change and a state that
  /// keeps only the live window may lack: the quakes under the ids and
  /// aliases it lists that the state does not hold, and those in the part
  /// of its deletion window before the live window.
  struct StoredLookup: Hashable, Sendable {
    /// Ids to read.
    var ids: [Quake.ID] = []
    /// Origin times to read every quake of.
    var times: Range<Date>?

    /// Whether nothing needs reading.
    var isEmpty: Bool { self.ids.isEmpty && self.times == nil }
  }

  /// What to read from the local store before `batch` of `feed` reaches
  /// `state`: nothing when the state holds every cached quake or has
  /// applied this batch already (its `generated`).
  static func storedLookup(for batch: FeedBatch, of feed: QuakesFeed, in state: QuakesState) -> StoredLookup {
    guard let liveSince = state.quakes.liveSince, state.feeds[feed]?.record.hasApplied(batch) != true else {
      return StoredLookup()
    }
    let data = state.quakes.data
    var lookup = StoredLookup()
    for quake in batch.quakes where data[quake.id] == nil {
      lookup.ids.append(quake.id)
    }
    for others in batch.otherIds.values {
      lookup.ids += others.filter { data[$0] == nil }
    }
    if let window = self.deletionWindow(of: batch, of: feed, options: state.options), window.lowerBound < liveSince {
      lookup.times = window.lowerBound..<min(liveSince, window.upperBound)
    }
    return lookup
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
    guard let times = self.deletionWindow(of: batch, of: feed, options: options) else { return [] }
    let listed = Set(batch.quakes.lazy.map(\.id))
    let window =
      data.byTime.rank { $0.quake.time < times.lowerBound }..<data.byTime.rank { $0.quake.time <= times.upperBound }
    var deleted: [Quake.ID] = []
    data.byTime.forEach(in: window) { element in
      if !listed.contains(element.quake.id) { deleted.append(element.quake.id) }
      return true
    }
    return deleted
  }

  /// The origin times in which a cached quake absent from `batch` of
  /// `feed` was deleted upstream: `nil` when the batch deletes nothing.
  /// (Closed at `generated`.)
  static func deletionWindow(of batch: FeedBatch, of feed: QuakesFeed, options: SyncOptions) -> Range<Date>? {
    guard options.deletesUpstream, feed.isComplete, let generated = batch.generated else { return nil }
    let start = generated.addingTimeInterval(-feed.period.seconds + options.windowMargin)
    guard start < generated else { return nil }
    return start..<generated
  }
}
