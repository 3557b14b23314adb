/// How often, and how far apart, a failed delivery is tried again: the
/// configuration's `alert-attempts` and `alert-retry-delay`.
///
/// The delay doubles after each failed attempt, from ``firstRetry`` up to
/// ``longestRetry``; after ``attempts`` attempts the delivery is given up
/// (kept as failed, with its last error).
public struct AlertDeliveryPolicy: Hashable, Sendable {
  /// How many attempts a delivery gets in all, the first included.
  public var attempts: Int
  /// The wait before the second attempt.
  public var firstRetry: Duration
  /// The longest wait between two attempts.
  public var longestRetry: Duration

  /// Creates a policy: by default 10 attempts, 30 s then doubling, at most 1 h apart.
  public init(attempts: Int = 10, firstRetry: Duration = .seconds(30), longestRetry: Duration = .seconds(3600)) {
    self.attempts = attempts
    self.firstRetry = firstRetry
    self.longestRetry = longestRetry
  }

  /// The wait after failed attempt `number` (1 for the first), or `nil`
  /// when it was the last allowed.
  func retryDelay(afterAttempt number: Int) -> Duration? {
    guard number < self.attempts else { return nil }
    var delay = self.firstRetry
    for _ in 1..<max(1, number) where delay < self.longestRetry {
      delay *= 2
    }
    return min(delay, max(self.firstRetry, self.longestRetry))
  }
}
