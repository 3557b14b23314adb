import QuakesModel
import Synchronization

/// The feeds the scheduler polls and their intervals, which a reload can
/// change while it runs: each feed's loop reads its schedule here before
/// every wait, and wakes when the plan changes to read it again.
final class SchedulePlan: Sendable {
  private struct Contents {
    var schedules: [QuakesFeed: FeedSchedule]
    /// The feeds whose loop runs.
    var running: Set<QuakesFeed> = []
    /// Counts the changes, so a waiter can tell whether it missed one.
    var generation: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter: UInt64 = 0
    var onChange: AsyncStream<Void>.Continuation?
  }

  private let contents: Mutex<Contents>

  init(_ schedules: [FeedSchedule]) {
    self.contents = Mutex(Contents(schedules: Self.byFeed(schedules)))
  }

  /// The schedules, in catalogue order.
  var schedules: [FeedSchedule] {
    self.contents.withLock { $0.schedules.values.sorted { $0.feed < $1.feed } }
  }

  /// How many changes the plan has seen.
  var generation: UInt64 {
    self.contents.withLock { $0.generation }
  }

  /// Replaces the schedules; wakes every loop waiting for its next poll.
  func replace(with schedules: [FeedSchedule]) {
    let (waiters, onChange) = self.contents.withLock { contents in
      contents.schedules = Self.byFeed(schedules)
      contents.generation &+= 1
      let waiters = contents.waiters.values
      contents.waiters = [:]
      return (Array(waiters), contents.onChange)
    }
    for waiter in waiters { waiter.resume() }
    onChange?.yield()
  }

  /// Yields once now and once after each ``replace(with:)``, for the task
  /// that starts the loop of each new feed; one subscriber at a time.
  func changes() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield()
    self.contents.withLock { $0.onChange = continuation }
    return stream
  }

  /// Marks the loop of `feed` as running; `false` when it already runs.
  func claim(_ feed: QuakesFeed) -> Bool {
    self.contents.withLock { $0.running.insert(feed).inserted }
  }

  /// The schedule of `feed`, or `nil` when the plan no longer has it, in
  /// which case its loop is marked as ended (so that adding the feed again
  /// starts a new one).
  func scheduleOrEnd(_ feed: QuakesFeed) -> FeedSchedule? {
    self.contents.withLock { contents in
      if let schedule = contents.schedules[feed] { return schedule }
      contents.running.remove(feed)
      return nil
    }
  }

  /// Marks the loop of `feed` as ended (it was cancelled).
  func end(_ feed: QuakesFeed) {
    _ = self.contents.withLock { $0.running.remove(feed) }
  }

  /// Returns once the plan changed after `generation` (at once if it did
  /// already), or the calling task is cancelled.
  func changed(after generation: UInt64) async {
    let waiter = self.contents.withLock { contents in
      contents.nextWaiter &+= 1
      return contents.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = self.contents.withLock { contents in
          guard contents.generation == generation, !Task.isCancelled else { return true }
          contents.waiters[waiter] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      self.contents.withLock { $0.waiters.removeValue(forKey: waiter) }?.resume()
    }
  }

  private static func byFeed(_ schedules: [FeedSchedule]) -> [QuakesFeed: FeedSchedule] {
    Dictionary(schedules.map { ($0.feed, $0) }, uniquingKeysWith: { first, _ in first })
  }
}
