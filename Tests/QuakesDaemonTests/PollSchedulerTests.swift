import Foundation
import ImmutableData
import Logging
import QuakesDaemon
import QuakesData
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

  @Test("the watchdog pings while polls finish in time, and stops once a poll has run longer than hungAfter")
  func watchdogStopsOnAHungPoll() async throws {
    // Loaded, but no listener: the first poll waits for a result forever.
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    try store.dispatch(
      action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(cache: PersistedCache()))))))
    let scheduler = PollScheduler(
      store: store, schedules: [try FeedSchedule(feed: .allDay, interval: .seconds(60))], logger: Logger(label: "test"))
    let pings = Pings()
    // The allowance is read at each check: generous while the test waits
    // for a first ping (the store's actor is shared by every test of the
    // process, and a busy one delays the watchdog's first check), then short.
    let hungAfter = Mutex(Duration.seconds(600))
    let polling = Task { await scheduler.run() }
    let watchdog = Task {
      await scheduler.runWatchdog(every: .milliseconds(20), hungAfter: { hungAfter.withLock { $0 } }) { pings.record() }
    }
    defer {
      polling.cancel()
      watchdog.cancel()
    }

    // It pings while the poll is young (the poll starts with it)...
    let deadline = ContinuousClock.now + .seconds(60)
    while pings.count(before: .now) == 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(pings.count(before: .now) >= 1, "no ping while the poll was young")
    // ...and not once the poll has run longer than hungAfter.
    let shortAllowance = scheduler.timetable.longestRunningPoll + .milliseconds(300)
    hungAfter.withLock { $0 = shortAllowance }
    while scheduler.timetable.longestRunningPoll < shortAllowance + .milliseconds(200) {
      try await Task.sleep(for: .milliseconds(20))
    }
    let hungSince = ContinuousClock.now
    try await Task.sleep(for: .milliseconds(300))

    #expect(pings.count(after: hungSince) == 0, "no ping once the poll counts as hung")
  }
}

/// When the watchdog pinged.
private final class Pings: Sendable {
  private let instants = Mutex<[ContinuousClock.Instant]>([])

  func record() { self.instants.withLock { $0.append(.now) } }
  func count(before instant: ContinuousClock.Instant) -> Int {
    self.instants.withLock { $0.filter { $0 < instant }.count }
  }
  func count(after instant: ContinuousClock.Instant) -> Int {
    self.instants.withLock { $0.filter { $0 > instant }.count }
  }
}
