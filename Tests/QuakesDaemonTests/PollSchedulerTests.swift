import Clocks
import Foundation
import ImmutableData
import Logging
import QuakesDaemon
import QuakesData
import QuakesModel
import Synchronization
import Testing

/// The scheduler's loop and its watchdog on a real store, with no listener:
/// the test itself answers the polls (or leaves them hanging).
@Suite("PollScheduler: each feed's loop, and the watchdog", .timeLimit(.minutes(3)))
@StoreActor
struct PollSchedulerTests {
  /// Retries within milliseconds, so the loop can be watched going round.
  private static let quickBackoff = Backoff(base: .milliseconds(20), cap: .milliseconds(20), minimum: .milliseconds(10))

  @Test("a poll that cannot run is logged and retried after a backoff: only shutdown ends a feed's polling")
  func pollThatCannotRunIsRetried() async throws {
    // Not loaded yet: the reducer ignores every poll, so each one throws.
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    var transitions = store.makeStream().makeAsyncIterator()
    let (outcomes, reported) = AsyncStream.makeStream(of: PollOutcome.self)
    let scheduler = PollScheduler(
      store: store, schedules: [try FeedSchedule(feed: .allDay, interval: .seconds(60))], backoff: Self.quickBackoff,
      logger: Logger(label: "test")
    ) { _, outcome in reported.yield(outcome) }
    let running = Task { await scheduler.run() }
    defer { running.cancel() }

    var attempts = 0
    while attempts < 3, let (_, action, _) = await transitions.next() {
      if case .scheduler(.pollDue(feed: .allDay)) = action { attempts += 1 }
    }
    try store.dispatch(
      action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(cache: PersistedCache()))))))
    while let (_, action, newState) = await transitions.next() {
      if case .scheduler(.pollDue(feed: .allDay)) = action, newState.feeds[.allDay]?.status == .waiting { break }
    }
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    try store.dispatch(
      action: .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: .allDay, date: date, result: .notModified)))))

    var iterator = outcomes.makeAsyncIterator()
    #expect(await iterator.next() == .notModified, "the feed is polled once the cache is loaded")
  }

  @Test(
    "the watchdog pings at each check while the poll is younger than hungAfter, and not once it is older (a test clock)"
  )
  func watchdogStopsOnAHungPoll() async throws {
    // Loaded, but no listener: the first poll waits for a result forever.
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    try store.dispatch(
      action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(cache: PersistedCache()))))))
    let clock = TestClock()
    let checks = Checks()
    let scheduler = PollScheduler(
      store: store, schedules: [try FeedSchedule(feed: .allDay, interval: .seconds(60))],
      logger: Logger(label: "test") { _ in checks.logHandler }, clock: ElapsedClock(clock))
    let polling = Task { await scheduler.run() }
    defer { polling.cancel() }
    // The poll is running (and hangs) before the watchdog's first check.
    while store.state.feeds[.allDay]?.status != .waiting { await Task.yield() }
    let watchdog = Task {
      await scheduler.runWatchdog(every: .seconds(1), hungAfter: { .seconds(5) }) { checks.ping() }
    }
    defer { watchdog.cancel() }

    // Checks at 0 to 4 s: the poll is younger than 5 s.
    for second in 0...4 {
      if second > 0 { try await clock.advanceOnceSleeping(by: .seconds(1)) }
      try await checks.wait(until: second + 1)
      #expect(checks.pings == second + 1, "a ping at \(second) s")
    }
    // At 5 s and 6 s the poll counts as hung: the checks log, and do not ping.
    for second in 5...6 {
      try await clock.advanceOnceSleeping(by: .seconds(1))
      try await checks.wait(until: second + 1)
      #expect(checks.pings == 5, "no ping at \(second) s")
    }
    #expect(checks.criticalMessages.count == 2)
    #expect(checks.criticalMessages.allSatisfy { $0.contains("a poll has run for") })
  }
}

/// What the watchdog did at each of its checks: a ping, or a critical log line.
private final class Checks: Sendable {
  private struct Record {
    var pings = 0
    var critical: [String] = []
  }

  private let record = Mutex(Record())

  var pings: Int { self.record.withLock { $0.pings } }
  var criticalMessages: [String] { self.record.withLock { $0.critical } }
  var count: Int { self.record.withLock { $0.pings + $0.critical.count } }

  func ping() { self.record.withLock { $0.pings += 1 } }

  /// Returns once `count` checks were made (yielding in between), or fails after very many yields.
  func wait(until count: Int) async throws {
    for _ in 0..<1_000_000 where self.count < count { await Task.yield() }
    try #require(self.count >= count, "check \(count) never came")
  }

  /// A log handler that records the critical lines.
  var logHandler: some LogHandler { CriticalLines(checks: self) }

  private struct CriticalLines: LogHandler {
    let checks: Checks
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { self.metadata[key] }
      set { self.metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      guard event.level == .critical else { return }
      self.checks.record.withLock { $0.critical.append(event.message.description) }
    }
  }
}
