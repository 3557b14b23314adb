/// How long an FDSN request keeps trying when the service is busy (`429`,
/// `503`), failing (other `5xx`) or unreachable.
///
/// A `Retry-After` the service sends is honoured (up to
/// ``longestRetryAfter``); without one, the wait doubles from
/// ``firstBackoff`` up to ``longestBackoff``. A `4xx` other than `408` and
/// `429` is the request's fault and is not repeated.
public struct FDSNRetryPolicy: Hashable, Sendable {
  /// How many times a request is sent at most. Default 8.
  public var attempts: Int
  /// The wait after the first failure without a `Retry-After`. Default 5 s.
  public var firstBackoff: Duration
  /// The longest wait without a `Retry-After`. Default 5 minutes.
  public var longestBackoff: Duration
  /// The longest `Retry-After` honoured as given. Default 1 hour.
  public var longestRetryAfter: Duration

  /// Creates a policy; every parameter has the daemon's default.
  public init(
    attempts: Int = 8, firstBackoff: Duration = .seconds(5), longestBackoff: Duration = .seconds(300),
    longestRetryAfter: Duration = .seconds(3_600)
  ) {
    self.attempts = attempts
    self.firstBackoff = firstBackoff
    self.longestBackoff = longestBackoff
    self.longestRetryAfter = longestRetryAfter
  }

  /// The wait before attempt `attempt + 1` when none was asked for.
  func backoff(after attempt: Int) -> Duration {
    var delay = self.firstBackoff
    for _ in 1..<max(1, attempt) where delay < self.longestBackoff {
      delay *= 2
    }
    return min(delay, self.longestBackoff)
  }

  /// Whether a response with `status` is worth sending again.
  static func isTransient(_ status: Int) -> Bool {
    status == 408 || status == 429 || (500..<600).contains(status)
  }
}
