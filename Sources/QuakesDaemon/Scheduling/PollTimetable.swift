public import Foundation
public import QuakesModel
public import QuakesServer
import Synchronization

/// When each scheduled feed is polled next, and how often: the scheduler
/// writes it, `quakes.status` reads it.
public final class PollTimetable: PollTimes {
  private let nextPolls = Mutex<[QuakesFeed: Date]>([:])
  /// When each running poll started, on ``clock``.
  private let pollsRunning = Mutex<[QuakesFeed: Duration]>([:])
  private let intervals: Mutex<[QuakesFeed: Duration]>
  /// The clock polls are timed on.
  let clock: ElapsedClock

  /// Creates a timetable for `schedules`, timing polls on `clock`.
  public init(schedules: [FeedSchedule], clock: ElapsedClock = .continuous) {
    self.intervals = Mutex(Self.intervals(of: schedules))
    self.clock = clock
  }

  /// Replaces the scheduled feeds and their intervals (a reload).
  public func replaceIntervals(with schedules: [FeedSchedule]) {
    self.intervals.withLock { $0 = Self.intervals(of: schedules) }
  }

  private static func intervals(of schedules: [FeedSchedule]) -> [QuakesFeed: Duration] {
    Dictionary(schedules.map { ($0.feed, $0.interval) }, uniquingKeysWith: { first, _ in first })
  }

  /// Records that `feed` is polled next at `date`.
  public func setNextPoll(of feed: QuakesFeed, at date: Date?) {
    self.nextPolls.withLock { $0[feed] = date }
  }

  /// Records that a poll of `feed` started (`true`) or ended (`false`).
  public func setPolling(_ feed: QuakesFeed, _ polling: Bool) {
    let now = self.clock.now
    self.pollsRunning.withLock { $0[feed] = polling ? now : nil }
  }

  /// How long the oldest poll still running has been running; zero when none runs.
  public var longestRunningPoll: Duration {
    let starts = self.pollsRunning.withLock { Array($0.values) }
    guard let oldest = starts.min() else { return .zero }
    return self.clock.now - oldest
  }

  /// When `feed` is polled next; `nil` while it is being polled, or when it is not scheduled.
  public func nextPoll(of feed: QuakesFeed) -> Date? {
    self.nextPolls.withLock { $0[feed] }
  }

  /// The poll interval of `feed`; `nil` when it is fetched only on request.
  public func interval(of feed: QuakesFeed) -> Duration? {
    self.intervals.withLock { $0[feed] }
  }

  /// The scheduled feeds, in catalogue order.
  public var feeds: [QuakesFeed] { self.intervals.withLock { $0.keys.sorted() } }
}
