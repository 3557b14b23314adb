import Foundation
package import ImmutableData
package import Logging
package import QuakesData
import QuakesModel
import QuakesProtocol
import Synchronization

/// Turns each transition of the store into watch events once — the changes
/// of a committed diff, as the listener computed them, and the status when
/// it changed — encodes each event once, and hands the encoded results to
/// every watcher.
///
/// So a transition costs the same with one watcher or a thousand: no
/// watcher diffs a batch or encodes a quake again. Watchers that follow a
/// filter (`quakes.watch` with the filter params of `quakes.list`) get the
/// changes as seen through it, computed and encoded once per distinct filter. Each watcher has a
/// bounded buffer; a watcher whose buffer is full is finished with
/// ``FellBehind`` and forgotten, and the hub never waits for one.
package final class WatchHub: Sendable {
  /// The encoded `result` values of the events for one watcher.
  typealias Results = AsyncThrowingStream<Data, any Error>

  /// The end of a watcher that fell its whole buffer behind.
  struct FellBehind: Error {}

  /// The most quakes one `changes` line carries, so that a line stays far
  /// under the 1 MiB limit (a quake is about 350 bytes of JSON).
  static let quakesPerWatchLine = 500

  /// What a watcher gets: its results, and a signal the moment it fell
  /// behind (its results still hold what was queued before).
  struct Subscription: Sendable {
    /// For ``unsubscribe(_:)``.
    let id: Int
    /// The encoded results, in order.
    let results: Results
    /// Yields once if the watcher fell its whole buffer behind.
    let fellBehind: AsyncStream<Void>
  }

  private struct Watcher {
    let filter: QuakesQuery.Filter?
    let results: Results.Continuation
    let fellBehind: AsyncStream<Void>.Continuation

    func finish(throwing error: (any Error)? = nil) {
      if let error {
        self.results.finish(throwing: error)
        self.fellBehind.yield()
      } else {
        self.results.finish()
      }
      self.fellBehind.finish()
    }
  }

  private struct Watchers {
    var next = 0
    var continuations: [Int: Watcher] = [:]
  }

  private let store: Store<QuakesState, QuakesAction>
  let reporter: StatusReporter
  private let logger: Logger
  private let watchers = Mutex(Watchers())
  /// Where dropped watchers count.
  private let metrics: (any RequestMetrics)?

  /// Creates a hub for the transitions of `store`; ``run()`` drives it.
  package init(
    store: Store<QuakesState, QuakesAction>, reporter: StatusReporter, metrics: (any RequestMetrics)? = nil,
    logger: Logger
  ) {
    self.store = store
    self.reporter = reporter
    self.metrics = metrics
    self.logger = logger
  }

  /// How many clients watch now.
  package var watcherCount: Int {
    self.watchers.withLock { $0.continuations.count }
  }

  /// A new watcher: its results from the next transition on, at most
  /// `bufferLimit` of them waiting; with a `filter`, only the changes of the
  /// quakes it matches (see ``events(oldState:action:newState:filter:)``).
  func subscribe(bufferLimit: Int, filter: QuakesQuery.Filter? = nil) -> Subscription {
    let (results, continuation) = Results.makeStream(bufferingPolicy: .bufferingOldest(bufferLimit))
    let (fellBehind, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = self.watchers.withLock { watchers in
      defer { watchers.next += 1 }
      watchers.continuations[watchers.next] = Watcher(filter: filter, results: continuation, fellBehind: signal)
      return watchers.next
    }
    return Subscription(id: id, results: results, fellBehind: fellBehind)
  }

  /// Forgets a watcher (its client left).
  func unsubscribe(_ id: Int) {
    self.watchers.withLock { $0.continuations.removeValue(forKey: id) }?.finish()
  }

  /// The first event of a watch: the status now.
  func start() throws -> Data {
    try Reply.encodeResult(WatchEvent(event: .status, status: self.reporter.status(of: self.store.snapshot())))
  }

  /// Follows the store until the calling task is cancelled or the store
  /// stops; then every watcher's results finish.
  package func run() async {
    // The state before each feed's batch was reduced, until the batch is
    // committed: a filtered view needs the quakes as they were before it,
    // and by the commit the state already holds the batch.
    var beforeBatch: [QuakesFeed: QuakesState] = [:]
    var beforeWindow: [HistoryJob.Kind: QuakesState] = [:]
    for await (oldState, action, newState) in await self.store.makeStream() {
      var before = oldState
      switch action {
      case .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: let feed, date: _, result: let result)))):
        // With the quakes outside the live window the batch came with.
        if case .success(_, let stored) = result {
          beforeBatch[feed] = oldState.including(stored)
        } else {
          beforeBatch[feed] = oldState
        }
      case .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: let feed, diff: _)))):
        before = beforeBatch.removeValue(forKey: feed) ?? oldState
      case .data(.persistentSession(.remoteStore(.didFetchHistory(job: let job, window: _, date: _, result: _)))):
        beforeWindow[job.kind] = oldState
      case .data(.persistentSession(.localStore(.didWriteHistory(job: let job, diff: _, stored: let stored)))):
        // With the quakes outside the live window the window was diffed against.
        before = (beforeWindow.removeValue(forKey: job.kind) ?? oldState).including(stored)
      default:
        break
      }
      let filters = self.watchers.withLock { Set($0.continuations.values.map(\.filter)) }
      guard !filters.isEmpty else { continue }
      var results: [QuakesQuery.Filter?: [Data]] = [:]
      for filter in filters {
        results[filter] = self.events(
          oldState: oldState, action: action, newState: newState, filter: filter, beforeBatch: before
        )
        .compactMap { event in
          do {
            return try Reply.encodeResult(event)
          } catch {
            self.logger.error("a \(event.event.rawValue) watch event could not be encoded, watchers miss it: \(error)")
            return nil
          }
        }
      }
      self.send(results)
    }
    let finished = self.watchers.withLock { watchers in
      defer { watchers.continuations = [:] }
      return Array(watchers.continuations.values)
    }
    for watcher in finished { watcher.finish() }
  }

  /// Queues for every watcher the results of its filter; finishes those
  /// whose buffer is full.
  private func send(_ results: [QuakesQuery.Filter?: [Data]]) {
    let fallen = self.watchers.withLock { watchers in
      var fallen: [Watcher] = []
      for (id, watcher) in watchers.continuations {
        for result in results[watcher.filter] ?? [] {
          guard case .dropped = watcher.results.yield(result) else { continue }
          watchers.continuations[id] = nil
          fallen.append(watcher)
          break
        }
      }
      return fallen
    }
    for watcher in fallen {
      watcher.finish(throwing: FellBehind())
      self.metrics?.watcherDropped()
    }
  }
}
