import Foundation
import QuakesData
import QuakesProtocol

extension RequestResponder {
  /// The most quakes one `changes` line carries, so that a line stays far
  /// under the 1 MiB limit (a quake is about 350 bytes of JSON).
  static let quakesPerWatchLine = 500

  /// The watch events one transition of the store makes: the quakes it
  /// changed, then the status if a feed or the cache changed state.
  func watchEvents(
    oldState: QuakesState,
    action: QuakesAction,
    newState: QuakesState
  ) -> [WatchEvent] {
    var events: [WatchEvent] = []
    if QuakesFilter.filterQuakes()(oldState, action) {
      events += Self.changes(oldState: oldState, action: action, newState: newState)
    }
    if oldState.feeds != newState.feeds || oldState.quakes.status != newState.quakes.status {
      events.append(WatchEvent(event: "status", status: self.reporter.status(of: newState)))
    }
    return events
  }

  /// The first line of a watch.
  func watchStart(_ state: QuakesState) -> WatchEvent {
    WatchEvent(event: "status", status: self.reporter.status(of: state))
  }

  private static func changes(oldState: QuakesState, action: QuakesAction, newState: QuakesState) -> [WatchEvent] {
    switch action {
    case .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: let feed, date: _, result: .success(let batch))))):
      let diff = QuakesDiff(oldState: oldState, newState: newState, batch: batch, feed: feed)
      return self.chunks(of: diff, feed: feed.name)
    case .client(.delete(quakeId: let id)) where oldState.quakes.data[id] != nil:
      return [WatchEvent(event: "changes", inserted: [], updated: [], deleted: [id])]
    case .client(.purge):
      return [WatchEvent(event: "purged")]
    case .data(.persistentSession(.localStore(.didFetchQuakes(result: .success)))),
      .data(.persistentSession(.localStore(.didReloadQuakes(result: .success)))):
      return [WatchEvent(event: "reloaded", count: newState.quakes.data.count)]
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
        event: "changes",
        feed: feed,
        inserted: chunk.filter { $0.0 == 0 }.map(\.1),
        updated: chunk.filter { $0.0 == 1 }.map(\.1),
        deleted: chunk.filter { $0.0 == 2 }.map(\.1.id))
    }
  }
}
