import QuakesData
import QuakesModel
import QuakesProtocol

extension WatchHub {
  /// The watch events of one transition of the store: the quakes it changed
  /// (a feed's batch or an FDSN window), then the status if a feed, the
  /// cache, a backfill or a reconciliation changed state.
  ///
  /// Through a `filter`, the changes are those of the filtered view: a quake
  /// that comes to match (new, or an update made it match) is `inserted`, one
  /// that matched and still does is `updated`, and one that matched and no
  /// longer does (deleted, or an update made it leave) is `deleted`. Status,
  /// purge and reload events are everyone's.
  ///
  /// `beforeBatch` is the state before the committed batch was reduced (the
  /// state at the commit already holds it); it tells whether an updated
  /// quake matched before.
  func events(
    oldState: QuakesState, action: QuakesAction, newState: QuakesState, filter: QuakesQuery.Filter? = nil,
    beforeBatch: QuakesState? = nil
  ) -> [WatchEvent] {
    var events = Self.changes(
      oldState: oldState, action: action, newState: newState, filter: filter, beforeBatch: beforeBatch ?? oldState)
    if oldState.selectFeedStates() != newState.selectFeedStates()
      || oldState.selectQuakesStatus() != newState.selectQuakesStatus() || oldState.history != newState.history
    {
      events.append(WatchEvent(event: .status, status: self.reporter.status(of: newState)))
    }
    return events
  }

  /// A batch's changes once they are committed (the diff the listener wrote),
  /// a delete or purge as the state applied it, a load or reload.
  private static func changes(
    oldState: QuakesState, action: QuakesAction, newState: QuakesState, filter: QuakesQuery.Filter?,
    beforeBatch: QuakesState
  ) -> [WatchEvent] {
    switch action {
    case .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: let feed, diff: let diff)))):
      return self.chunks(
        of: filter.map { Self.view(of: diff, through: $0, before: beforeBatch) } ?? diff, feed: feed.name)
    case .data(.persistentSession(.localStore(.didWriteHistory(job: _, diff: let diff, stored: _)))):
      return self.chunks(of: filter.map { Self.view(of: diff, through: $0, before: beforeBatch) } ?? diff, feed: nil)
    case .data(.persistentSession(.localStore(.didFollowChanges(changes: let changes)))):
      // A follower's: what the leader committed, as the leader's watchers saw it.
      guard oldState.quakes.storeChange == changes.after else { return [] }
      return self.chunks(
        of: filter.map { Self.view(of: changes.diff, through: $0, before: oldState) } ?? changes.diff, feed: nil)
    case .client(.delete(quake: let quake)):
      guard filter.map({ QuakesQuery.Filter.Matcher($0).matches(quake) }) ?? true else { return [] }
      return [WatchEvent(event: .changes, inserted: [], updated: [], deleted: [quake.id])]
    case .client(.purge):
      return [WatchEvent(event: .purged)]
    case .data(.persistentSession(.localStore(.didExpireQuakes(quakes: let expired, date: _)))):
      let matcher = filter.map(QuakesQuery.Filter.Matcher.init)
      return self.chunks(of: QuakesDiff(deleted: expired.filter { matcher?.matches($0) ?? true }), feed: nil)
    case .data(.persistentSession(.localStore(.didFetchQuakes(result: .success)))),
      .data(.persistentSession(.localStore(.didReloadQuakes(result: .success)))):
      return [WatchEvent(event: .reloaded, count: newState.selectQuakesCount())]
    default:
      return []
    }
  }

  /// `diff` as seen through `filter`; `oldState` holds the quakes before it.
  ///
  /// An updated quake `oldState` does not hold (a follower's, outside its
  /// live window) is taken to have matched as it matches now: it is
  /// `updated` if it matches, and left out if it does not.
  private static func view(of diff: QuakesDiff, through filter: QuakesQuery.Filter, before oldState: QuakesState)
    -> QuakesDiff
  {
    let matcher = QuakesQuery.Filter.Matcher(filter)
    var view = QuakesDiff(inserted: diff.inserted.filter(matcher.matches))
    for quake in diff.updated {
      let matches = matcher.matches(quake)
      let matched = oldState.selectQuake(quakeId: quake.id).map(matcher.matches) ?? matches
      switch (matched, matches) {
      case (false, true): view.inserted.append(quake)
      case (true, true): view.updated.append(quake)
      case (true, false): view.deleted.append(quake)
      case (false, false): break
      }
    }
    view.deleted += diff.deleted.filter(matcher.matches)
    return view
  }

  private static func chunks(of diff: QuakesDiff, feed: String?) -> [WatchEvent] {
    guard !diff.isEmpty else { return [] }
    let tagged = diff.inserted.map { (0, $0) } + diff.updated.map { (1, $0) } + diff.deleted.map { (2, $0) }
    return stride(from: 0, to: tagged.count, by: self.quakesPerWatchLine).map { start in
      let chunk = tagged[start..<min(start + self.quakesPerWatchLine, tagged.count)]
      return WatchEvent(
        event: .changes,
        feed: feed,
        inserted: chunk.filter { $0.0 == 0 }.map(\.1),
        updated: chunk.filter { $0.0 == 1 }.map(\.1),
        deleted: chunk.filter { $0.0 == 2 }.map(\.1.id))
    }
  }
}
