public import QuakesModel

extension QuakesDiff {
  /// The diff between two states over the quakes with `ids`: each id is
  /// looked up once in each state, so the time is linear in `ids`.
  ///
  /// A quake absent before and present after was inserted; present in both
  /// and different (in any field) was updated; present before and absent
  /// after was deleted. Ids listed twice count once. For a remote batch, `ids`
  /// are the ones the batch touched (``RemoteSync/touchedIds(by:of:options:in:)``):
  /// other quakes did not change.
  public init(
    oldData: QuakesState.Quakes.Data,
    newData: QuakesState.Quakes.Data,
    ids: some Sequence<Quake.ID>
  ) {
    self.init()
    var seen = Set<Quake.ID>()
    for id in ids where seen.insert(id).inserted {
      switch (oldData[id], newData[id]) {
      case (nil, let new?):
        self.inserted.append(new)
      case (let old?, let new?) where old != new:
        self.updated.append(new)
      case (let old?, nil):
        self.deleted.append(old)
      default:
        break
      }
    }
  }

  /// The diff that applying `batch` of `feed` made, from the transition's
  /// old and new state.
  public init(oldState: QuakesState, newState: QuakesState, batch: FeedBatch, feed: QuakesFeed) {
    self.init(oldData: oldState.quakes.data, newState: newState, batch: batch, feed: feed)
  }

  /// The diff that applying `batch` of `feed` to `oldData` made: the old
  /// state's quakes with those the batch came with from the local store
  /// (``LiveWindow/take(_:into:)``).
  init(oldData: QuakesState.Quakes.Data, newState: QuakesState, batch: FeedBatch, feed: QuakesFeed) {
    self.init(
      oldData: oldData,
      newData: newState.quakes.data,
      ids: RemoteSync.touchedIds(by: batch, of: feed, options: newState.options, in: oldData))
  }
}
