import Foundation
public import ImmutableData
public import Logging
public import QuakesData
public import QuakesModel

/// Polls every configured feed on its own timer: a first poll right away,
/// then every interval (with jitter) after a success, or sooner with an
/// exponential backoff after failures, reset by the next success. A feed is
/// never fetched twice at once (the reducer ignores a tick while its fetch
/// runs, and the poller waits for that fetch instead).
///
/// A reload changes the schedules while it runs (``reschedule(_:)``): a new
/// feed is polled at once, a removed one no more, and a feed whose interval
/// changed is next polled that new interval after its last poll (at once if
/// that time has passed).
public struct PollScheduler: Sendable {
  private let poller: FeedPoller
  private let plan: SchedulePlan
  private let backoff: Backoff
  private let logger: Logger
  private let onPoll: @Sendable (QuakesFeed, PollOutcome) -> Void
  /// When each feed is polled next (for `quakes.status`).
  public let timetable: PollTimetable
  /// What every wait of the scheduler and its watchdog runs on.
  private let clock: ElapsedClock

  /// Creates a scheduler for `schedules`.
  ///
  /// - Parameters:
  ///   - metrics: where polls and retention removals count.
  ///   - clock: what the waits between polls and the watchdog's checks run on.
  ///   - onPoll: called after each poll, e.g. to report status or ping a watchdog.
  public init(
    store: Store<QuakesState, QuakesAction>,
    schedules: [FeedSchedule],
    backoff: Backoff = Backoff(),
    logger: Logger,
    metrics: DaemonMetrics? = nil,
    clock: ElapsedClock = .continuous,
    onPoll: @escaping @Sendable (QuakesFeed, PollOutcome) -> Void = { _, _ in }
  ) {
    self.poller = FeedPoller(store: store, metrics: metrics)
    self.plan = SchedulePlan(schedules)
    self.backoff = backoff
    self.logger = logger
    self.onPoll = onPoll
    self.clock = clock
    self.timetable = PollTimetable(schedules: schedules, clock: clock)
  }

  /// The feeds polled and their intervals.
  public var schedules: [FeedSchedule] { self.plan.schedules }

  /// Replaces the feeds polled and their intervals (a reload).
  public func reschedule(_ schedules: [FeedSchedule]) {
    self.timetable.replaceIntervals(with: schedules)
    self.plan.replace(with: schedules)
  }

  /// Polls until the calling task is cancelled.
  public func run() async {
    await withDiscardingTaskGroup { group in
      for await _ in self.plan.changes() {
        for schedule in self.plan.schedules where self.plan.claim(schedule.feed) {
          group.addTask { await self.loop(schedule.feed) }
        }
      }
    }
  }

  /// Polls each feed once, concurrently; returns every outcome.
  public func pollOnce() async -> [(feed: QuakesFeed, outcome: PollOutcome)] {
    await withTaskGroup(of: (QuakesFeed, PollOutcome)?.self) { group in
      for schedule in self.plan.schedules {
        group.addTask {
          guard let outcome = try? await self.poller.poll(schedule.feed) else { return nil }
          var failureLog = RepeatedFailures()
          self.report(schedule.feed, outcome, failureLog: &failureLog)
          return (schedule.feed, outcome)
        }
      }
      var outcomes: [(feed: QuakesFeed, outcome: PollOutcome)] = []
      for await case let (feed, outcome)? in group {
        outcomes.append((feed, outcome))
      }
      await self.applyRetention()
      return outcomes.sorted { $0.feed < $1.feed }
    }
  }

  /// Calls `ping` every `interval` while the scheduler is healthy: the
  /// store's actor answers, and no poll has run longer than `hungAfter`
  /// (a transfer has a total timeout, so a longer poll is stuck). When it is
  /// not, the pings stop and systemd's watchdog restarts the daemon.
  public func runWatchdog(
    every interval: Duration, hungAfter: @Sendable () -> Duration, ping: @escaping @Sendable () -> Void
  ) async {
    while !Task.isCancelled {
      await self.poller.storeAnswers()
      let running = self.timetable.longestRunningPoll
      if running < hungAfter() {
        ping()
      } else {
        self.logger.critical(
          "a poll has run for \(DurationText.format(running)); not pinging the watchdog, so systemd restarts quakesd")
      }
      do {
        try await self.clock.sleep(for: interval)
      } catch {
        return
      }
    }
  }

  private func loop(_ feed: QuakesFeed) async {
    var failures = 0
    var failureLog = RepeatedFailures()
    while !Task.isCancelled {
      self.timetable.setNextPoll(of: feed, at: nil)
      self.timetable.setPolling(feed, true)
      let polled: Result<PollOutcome, any Error>
      do {
        polled = .success(try await self.poller.poll(feed))
      } catch {
        polled = .failure(error)
      }
      self.timetable.setPolling(feed, false)
      let polledAt = self.clock.now
      switch polled {
      case .success(let outcome):
        self.report(feed, outcome, failureLog: &failureLog)
        failures = outcome.isSuccess ? 0 : failures + 1
        await self.applyRetention()
      case .failure where Task.isCancelled:
        break
      case .failure(let error):
        // Only shutdown ends a feed's polling; anything else is retried.
        self.logger.error("polling \(feed) did not run (\(errorMessage(error))); retrying after a backoff")
        failures += 1
      }
      guard await self.waitForNextPoll(of: feed, polledAt: polledAt, failures: failures) else { break }
    }
    if Task.isCancelled { self.plan.end(feed) }
  }

  /// Waits until `feed` is due again, reading its interval anew whenever
  /// the plan changes; `false` when the feed left the plan or the task was
  /// cancelled. A feed that left the plan was marked as ended there.
  private func waitForNextPoll(of feed: QuakesFeed, polledAt: Duration, failures: Int) async -> Bool {
    let random = Double.random(in: 0..<1)
    while !Task.isCancelled {
      let generation = self.plan.generation
      guard let schedule = self.plan.scheduleOrEnd(feed) else {
        self.timetable.setNextPoll(of: feed, at: nil)
        self.logger.info("no longer polling \(feed)")
        return false
      }
      let delay = self.backoff.delay(after: failures, interval: schedule.interval, random: random)
      let due = polledAt + delay
      let remaining = max(.zero, due - self.clock.now)
      self.logger.debug("next poll", metadata: ["feed": "\(feed)", "in": "\(DurationText.format(remaining))"])
      self.timetable.setNextPoll(of: feed, at: Date(timeIntervalSinceNow: remaining.seconds))
      let woken = await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          (try? await self.clock.sleep(until: due)) != nil
        }
        group.addTask {
          await self.plan.changed(after: generation)
          return false
        }
        let dueNow = await group.next() ?? false
        group.cancelAll()
        return dueNow
      }
      if woken { return true }
    }
    return false
  }

  /// Removes what the retention rules expire now, after a poll.
  private func applyRetention() async {
    let removed = await self.poller.expire(at: Date())
    if removed > 0 {
      self.logger.info("retention: removed \(Plural.count(removed, "quake"))")
    }
  }

  /// Logs `outcome`; a fetch failure that repeats only as `failureLog` says.
  private func report(_ feed: QuakesFeed, _ outcome: PollOutcome, failureLog: inout RepeatedFailures) {
    if outcome.isSuccess, let recovered = failureLog.succeeded() {
      self.logger.notice("polling \(feed) \(recovered)")
    }
    switch outcome {
    case .written(let counts):
      self.logger.info(
        "polled \(feed): \(counts.inserted) inserted, \(counts.updated) updated, \(counts.deleted) deleted")
    case .notModified:
      self.logger.debug("polled \(feed): not modified")
    case .fetchFailed(let message):
      for line in failureLog.failed(message, at: Date()) {
        self.logger.warning("polling \(feed) \(line)")
      }
    case .writeFailed(let message):
      self.logger.error("writing \(feed) failed, cache reloaded from the database: \(message)")
    }
    self.onPoll(feed, outcome)
  }
}
