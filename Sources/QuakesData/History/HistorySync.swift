import QuakesModel

/// How an FDSN batch changes the cached quakes: pure functions the reducer
/// applies and the listener uses to find which ids to diff.
///
/// - **Backfill** never deletes. Each event is inserted or updated; one
///   without a magnitude above 0 is skipped (the feeds do not cache those
///   either). A cached quake under one of an event's other ids is the same
///   event under its old id, and is replaced, as for a feed.
/// - **Reconciliation** keeps what the cache holds true without widening
///   it: an event USGS marks `deleted` is removed (under every id it had); an
///   updated event replaces the cached quake it is, and is skipped when the
///   cache does not hold it (inserting is for the feeds and backfills, or a
///   cache of M4.5 quakes would fill up with every small event USGS revised).
enum HistorySync {
  /// The quakes after applying `batch` of a job of `kind` to `data`.
  static func apply(
    _ batch: FeedBatch, of kind: HistoryJob.Kind, to data: QuakesState.Quakes.Data
  ) -> QuakesState.Quakes.Data {
    var next = data
    for quake in batch.quakes {
      let aliases = self.cachedAliases(of: quake, in: batch, data: data)
      switch kind {
      case .backfill:
        guard Self.isCacheable(quake) else { continue }
        for alias in aliases { next[alias] = nil }
        next[quake.id] = quake
      case .reconcile:
        let cached = data[quake.id] != nil || !aliases.isEmpty
        guard cached else { continue }
        for alias in aliases { next[alias] = nil }
        next[quake.id] = Self.isDeleted(quake) || !Self.isCacheable(quake) ? nil : quake
      }
    }
    return next
  }

  /// The ids under which the local store's quakes decide what `batch`
  /// changes: each event's id and every other id it lists.
  static func candidateIds(of batch: FeedBatch) -> [Quake.ID] {
    batch.quakes.map(\.id) + batch.otherIds.values.joined()
  }

  /// What applying `batch` of a job of `kind` changes in `stored`: the
  /// quakes the local store holds under the batch's ``candidateIds(of:)``.
  /// The window is diffed against the database, not the state: the
  /// database holds the whole catalogue, the state what the feeds can
  /// still change.
  static func diff(_ batch: FeedBatch, of kind: HistoryJob.Kind, against stored: [Quake]) -> QuakesDiff {
    let old = IndexedQuakes(stored)
    let new = Self.apply(batch, of: kind, to: old)
    return QuakesDiff(oldData: old, newData: new, ids: Self.touchedIds(by: batch, in: old))
  }

  /// Every id whose quake `batch` may insert, update or delete when applied
  /// to `data`: the ids it lists and the cached old ids it replaces.
  static func touchedIds(by batch: FeedBatch, in data: QuakesState.Quakes.Data) -> [Quake.ID] {
    batch.quakes.map(\.id) + RemoteSync.replacedIds(by: batch, in: data)
  }

  private static func cachedAliases(of quake: Quake, in batch: FeedBatch, data: QuakesState.Quakes.Data)
    -> [Quake.ID]
  {
    (batch.otherIds[quake.id] ?? []).filter { $0 != quake.id && data[$0] != nil }
  }

  private static func isCacheable(_ quake: Quake) -> Bool {
    guard let magnitude = quake.magnitude else { return false }
    return magnitude > 0
  }

  private static func isDeleted(_ quake: Quake) -> Bool {
    quake.status == ReviewStatus(rawValue: "deleted")
  }
}
