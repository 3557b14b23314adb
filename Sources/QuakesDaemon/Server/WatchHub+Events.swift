import QuakesData
import QuakesProtocol

extension WatchHub {
  /// The watch events of one transition of the store: the quakes it changed,
  /// then the status if a feed or the cache changed state.
  func events(oldState: QuakesState, action: QuakesAction, newState: QuakesState) -> [WatchEvent] {
    var events = Self.changes(oldState: oldState, action: action, newState: newState)
    if oldState.selectFeedStates() != newState.selectFeedStates()
      || oldState.selectQuakesStatus() != newState.selectQuakesStatus()
    {
      events.append(WatchEvent(event: .status, status: self.reporter.status(of: newState)))
    }
    return events
  }

  /// A batch's changes once they are committed (the diff the listener wrote),
  /// a delete or purge as the state applied it, a load or reload.
  private static func changes(oldState: QuakesState, action: QuakesAction, newState: QuakesState) -> [WatchEvent] {
    switch action {
    case .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: let feed, diff: let diff)))):
      return self.chunks(of: diff, feed: feed.name)
    case .client(.delete(quakeId: let id)) where oldState.selectQuake(quakeId: id) != nil:
      return [WatchEvent(event: .changes, inserted: [], updated: [], deleted: [id])]
    case .client(.purge):
      return [WatchEvent(event: .purged)]
    case .data(.persistentSession(.localStore(.didFetchQuakes(result: .success)))),
      .data(.persistentSession(.localStore(.didReloadQuakes(result: .success)))):
      return [WatchEvent(event: .reloaded, count: newState.selectQuakesCount())]
    default:
      return []
    }
  }

  private static func chunks(of diff: QuakesDiff, feed: String) -> [WatchEvent] {
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
