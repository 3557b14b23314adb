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
public struct PollScheduler: Sendable {
  private let poller: FeedPoller
  private let schedules: [FeedSchedule]
  private let backoff: Backoff
  private let logger: Logger
  private let onPoll: @Sendable (QuakesFeed, PollOutcome) -> Void
  /// When each feed is polled next (for `quakes.status`).
  public let timetable: PollTimetable

  /// Creates a scheduler for `schedules`.
  ///
  /// - Parameter onPoll: called after each poll, e.g. to report status or ping a watchdog.
  public init(
    store: Store<QuakesState, QuakesAction>,
    schedules: [FeedSchedule],
    backoff: Backoff = Backoff(),
    logger: Logger,
    onPoll: @escaping @Sendable (QuakesFeed, PollOutcome) -> Void = { _, _ in }
  ) {
    self.poller = FeedPoller(store: store)
    self.schedules = schedules
    self.backoff = backoff
    self.logger = logger
    self.onPoll = onPoll
    self.timetable = PollTimetable(schedules: schedules)
  }

  /// Polls until the calling task is cancelled.
  public func run() async {
    await withTaskGroup(of: Void.self) { group in
      for schedule in self.schedules {
        group.addTask { await self.loop(schedule) }
      }
    }
  }

  /// Polls each feed once, concurrently; returns every outcome.
  public func pollOnce() async -> [(feed: QuakesFeed, outcome: PollOutcome)] {
    await withTaskGroup(of: (QuakesFeed, PollOutcome)?.self) { group in
      for schedule in self.schedules {
        group.addTask {
          guard let outcome = try? await self.poller.poll(schedule.feed) else { return nil }
          self.report(schedule.feed, outcome)
          return (schedule.feed, outcome)
        }
      }
      var outcomes: [(feed: QuakesFeed, outcome: PollOutcome)] = []
      for await case let (feed, outcome)? in group {
        outcomes.append((feed, outcome))
      }
      return outcomes.sorted { $0.feed < $1.feed }
    }
  }

  /// Calls `ping` every `interval` while the scheduler is healthy: the
  /// store's actor answers, and no poll has run longer than `hungAfter`
  /// (a transfer has a total timeout, so a longer poll is stuck). When it is
  /// not, the pings stop and systemd's watchdog restarts the daemon.
  public func runWatchdog(every interval: Duration, hungAfter: Duration, ping: @escaping @Sendable () -> Void) async {
    while !Task.isCancelled {
      await self.poller.storeAnswers()
      let running = self.timetable.longestRunningPoll
      if running < hungAfter {
        ping()
      } else {
        self.logger.critical(
          "a poll has run for \(DurationText.format(running)); not pinging the watchdog, so systemd restarts quakesd")
      }
      do {
        try await Task.sleep(for: interval)
      } catch {
        return
      }
    }
  }

  private func loop(_ schedule: FeedSchedule) async {
    var failures = 0
    while !Task.isCancelled {
      self.timetable.setNextPoll(of: schedule.feed, at: nil)
      self.timetable.setPolling(schedule.feed, true)
      let polled: Result<PollOutcome, any Error>
      do {
        polled = .success(try await self.poller.poll(schedule.feed))
      } catch {
        polled = .failure(error)
      }
      self.timetable.setPolling(schedule.feed, false)
      switch polled {
      case .success(let outcome):
        self.report(schedule.feed, outcome)
        failures = outcome.isSuccess ? 0 : failures + 1
      case .failure where Task.isCancelled:
        return
      case .failure(let error):
        // Only shutdown ends a feed's polling; anything else is retried.
        self.logger.error("polling \(schedule.feed) did not run (\(errorMessage(error))); retrying after a backoff")
        failures += 1
      }
      let delay = self.backoff.delay(after: failures, interval: schedule.interval, random: Double.random(in: 0..<1))
      self.logger.debug("next poll", metadata: ["feed": "\(schedule.feed)", "in": "\(DurationText.format(delay))"])
      self.timetable.setNextPoll(of: schedule.feed, at: Date(timeIntervalSinceNow: delay.seconds))
      do {
        try await Task.sleep(for: delay)
      } catch {
        return
      }
    }
  }

  private func report(_ feed: QuakesFeed, _ outcome: PollOutcome) {
    switch outcome {
    case .written(let counts):
      self.logger.info(
        "polled \(feed): \(counts.inserted) inserted, \(counts.updated) updated, \(counts.deleted) deleted")
    case .notModified:
      self.logger.debug("polled \(feed): not modified")
    case .fetchFailed(let message):
      self.logger.warning("polling \(feed) failed: \(message)")
    case .writeFailed(let message):
      self.logger.error("writing \(feed) failed, cache reloaded from the database: \(message)")
    }
    self.onPoll(feed, outcome)
  }
}
