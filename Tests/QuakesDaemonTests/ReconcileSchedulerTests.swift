import Foundation
import ImmutableData
import QuakesData
import QuakesModel
import Synchronization
import Testing

@testable import QuakesDaemon

/// The reconciliation schedule on a clock the test moves: the scheduler's
/// waits advance it, nothing sleeps. The test plays the listener: each
/// reconciliation it finds running ends (its count fails) before the clock
/// moves on.
@Suite("ReconcileScheduler: a reconciliation every interval, from 1 s up")
struct ReconcileSchedulerTests {
  private static let start = Date(timeIntervalSince1970: 1_700_000_000)

  /// The test's clock: each wait the scheduler asks for moves it on that
  /// much, at once, and is recorded.
  private final class MovedClock: Sendable {
    private let state = Mutex((now: ReconcileSchedulerTests.start, waits: [Duration]()))

    var now: Date { self.state.withLock { $0.now } }
    var waits: [Duration] { self.state.withLock { $0.waits } }

    func move(by duration: Duration) {
      self.state.withLock {
        $0.now = $0.now.addingTimeInterval(duration.seconds)
        $0.waits.append(duration)
      }
    }
  }

  /// A store loaded with one quake, so that a reconciliation has a span.
  @StoreActor
  private static func store(quakes: [Quake]) throws -> Store<QuakesState, QuakesAction> {
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    try store.dispatch(
      action: .data(
        .persistentSession(.localStore(.didFetchQuakes(result: .success(cache: PersistedCache(quakes: quakes)))))))
    return store
  }

  /// Ends the running reconciliation, if one runs, as a failed count would;
  /// returns when it started.
  @StoreActor
  private static func endReconciliation(in store: Store<QuakesState, QuakesAction>, at date: Date) -> Date? {
    guard let job = store.snapshot().history[.reconcile], case .count(let window) = job.step else { return nil }
    try? store.dispatch(
      action: .data(
        .persistentSession(
          .remoteStore(.didCountHistory(job: job.id, window: window, date: date, result: .failure(error: "test"))))))
    return job.started
  }

  /// Runs a scheduler with reconciliation every `interval` for `span` of
  /// the test's clock; returns the seconds after the start at which each
  /// reconciliation started, and the waits asked for.
  private static func run(every interval: Duration, for span: Duration, quakes: [Quake]) async throws
    -> (starts: [Double], waits: [Duration])
  {
    let store = try await Self.store(quakes: quakes)
    var configuration = DaemonConfiguration(
      stateDirectory: URL(fileURLWithPath: "/state"), runtimeDirectory: URL(fileURLWithPath: "/run"))
    configuration.reconcileInterval = interval
    let clock = MovedClock()
    let starts = Mutex([Double]())
    let end = Self.start.addingTimeInterval(span.seconds)
    let scheduler = ReconcileScheduler(
      store: store, configuration: ReloadableSetting(configuration), now: { clock.now },
      sleep: { duration in
        if let started = await Self.endReconciliation(in: store, at: clock.now) {
          starts.withLock { $0.append(started.timeIntervalSince(Self.start)) }
        }
        clock.move(by: duration)
        if clock.now > end { withUnsafeCurrentTask { $0?.cancel() } }
      })
    await Task { await scheduler.run() }.value
    return (starts.withLock { $0 }, clock.waits)
  }

  private static let quake = Quake(
    id: "q1", magnitude: 3, time: Self.start.addingTimeInterval(-3_600), updated: Self.start, place: "somewhere",
    longitude: -122.5, latitude: 37.25)

  @Test(
    "every 1, 2 and 3 s, below the 5 s the schedule is looked at: one reconciliation each interval, on time",
    arguments: [1, 2, 3])
  func shortIntervalsAreHonoured(seconds: Int) async throws {
    let (starts, _) = try await Self.run(every: .seconds(seconds), for: .seconds(30), quakes: [Self.quake])
    #expect(starts.count == 30 / seconds, "\(starts)")
    let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
    #expect(
      starts.first.map { abs($0 - Double(seconds)) < 0.01 } == true
        && gaps.allSatisfy { abs($0 - Double(seconds)) < 0.01 },
      "each \(seconds) s after the last began: \(starts)")
  }

  @Test("every 6 s: on time, and the schedule still looked at every 5 s at most")
  func longerIntervals() async throws {
    let (starts, waits) = try await Self.run(every: .seconds(6), for: .seconds(31), quakes: [Self.quake])
    #expect(starts.count == 5, "\(starts)")
    #expect(waits.allSatisfy { $0 <= .seconds(5) }, "\(waits)")
  }

  @Test("an empty cache has nothing to reconcile: looked at again each interval, not each 5 s")
  func emptyCache() async throws {
    let (starts, waits) = try await Self.run(every: .seconds(1), for: .seconds(10), quakes: [])
    #expect(starts.isEmpty)
    #expect(!waits.isEmpty && waits.allSatisfy { $0 <= .seconds(1) }, "\(waits)")
  }
}
