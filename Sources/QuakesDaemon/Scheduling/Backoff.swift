/// When to poll a feed next: its interval (with jitter) after a success, an
/// exponential backoff (with jitter, capped) after failures.
///
/// Jitter spreads the polls of many daemons over time, so they do not all
/// hit USGS in the same second.
public struct Backoff: Hashable, Sendable {
  /// The first retry delay after a failure.
  public var base: Duration
  /// The longest retry delay.
  public var cap: Duration
  /// The shortest delay between two polls of a feed: a minute
  /// (``FeedSchedule/minimumInterval``), since USGS regenerates its feeds no
  /// faster; tests of the scheduler's loop set it lower.
  public var minimum: Duration

  /// Creates a backoff; by default retries start at a minute and double up to 30 minutes.
  public init(
    base: Duration = .seconds(60), cap: Duration = .seconds(1_800), minimum: Duration = FeedSchedule.minimumInterval
  ) {
    self.base = base
    self.cap = cap
    self.minimum = minimum
  }

  /// The delay before the next poll, after `failures` failures in a row (0
  /// after a success) of a feed polled every `interval`.
  ///
  /// - Parameter random: a number in 0..<1 (injected so tests are exact).
  public func delay(after failures: Int, interval: Duration, random: Double) -> Duration {
    if failures == 0 {
      // ±10 %, never under the minimum interval.
      return max(self.minimum, interval * (0.9 + 0.2 * random))
    }
    let exponential = min(self.cap, self.base * (1 << min(failures - 1, 30)))
    // Between half and all of the delay ("equal jitter"), at least a minute.
    return max(self.minimum, exponential * (0.5 + 0.5 * random))
  }
}
