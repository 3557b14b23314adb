import Dispatch
import Foundation
import QuakesData
import QuakesModel
import QuakesTestSupport
import Synchronization
import Testing

@testable import QuakesSQLite

/// The reads done on the calling thread (a quake by id, the newest few by
/// time) have connections of their own: with every connection of the
/// shared pool held by slow questions, they are answered all the same
/// rather than blocking a cooperative thread on the pool.
@Suite(.timeLimit(.minutes(3)))
struct ThisThreadReadersTests {
  /// How many slow questions hold a connection.
  final class Held: Sendable {
    let count = Mutex(0)
    /// Whether the valve let the slow questions go.
    let opened = Mutex(false)

    /// Lets the slow questions go, once: whether this call is the one.
    func open() -> Bool {
      self.opened.withLock { opened in
        defer { opened = true }
        return !opened
      }
    }
  }

  @Test("a quake by id and the newest few are answered while slow questions hold every connection of the pool")
  func answeredWhileThePoolIsHeld() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    defer { try? store.close() }
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: Quake.samples(50)))
    // Slow questions: each holds a connection of the pool until released,
    // read on a thread of its own (not the cooperative pool, which a
    // failure of what is tested would block, nor Dispatch's, as narrow as
    // the machine).
    let held = Held()
    let release = DispatchSemaphore(value: 0)
    let slow = SQLiteLocalStore.Options.maximumReaders
    for _ in 0..<slow {
      Thread {
        _ = try? store.writer.read { _ in
          held.count.withLock { $0 += 1 }
          release.wait()
        }
      }.start()
    }
    // However it ends, the slow questions go (a signal more than they
    // wait for is harmless), before the store closes, which waits for them.
    defer { for _ in 0..<slow { release.signal() } }
    let holding = try await poll(until: .now + .seconds(20), every: .milliseconds(10)) {
      held.count.withLock { $0 } == SQLiteLocalStore.Options.maximumReaders
    }
    try #require(holding, "the slow questions hold the pool")
    // Were the reads below to wait for the pool, they would wait for
    // these, and block every cooperative thread: a valve on a thread of
    // its own lets them go 60 s after they hold it, so that such a failure is a
    // failure, not a hang (the reads must not need it).
    Thread {
      Thread.sleep(forTimeInterval: 60)
      guard held.open() else { return }
      for _ in 0..<slow { release.signal() }
    }.start()
    // As many at once as there are connections of their own.
    async let first = store.quake(id: "q7")
    async let newest = store.quakesPage(QuakesQuery(limit: 5), countingMatches: false)
    #expect(try await first?.id == "q7")
    #expect(try await newest.quakes.map(\.id) == ["q49", "q48", "q47", "q46", "q45"])
    #expect(held.open(), "answered while the pool was held, not after the valve let it go")
  }
}
