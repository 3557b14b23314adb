/// Keeps requests to one service polite: one at a time, and at least
/// ``interval`` between the end of one and the start of the next.
///
/// USGS asks clients of its FDSN event service to stay under 500 requests
/// in 5 minutes; one request at a time, 0.6 s apart, stays under that
/// whatever the answers' speed. A backoff a request's outcome calls for (a
/// `Retry-After`) is set before the next request may start, so it holds
/// every request, not just the one refused.
public actor RequestPacer {
  /// The least time between one request's end and the next one's start.
  public var interval: Duration
  private var busy = false
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var nextStart: ContinuousClock.Instant?

  /// Creates a pacer with `interval` between requests.
  public init(interval: Duration) {
    self.interval = interval
  }

  /// Changes the interval from the next request on (a reload).
  public func setInterval(_ interval: Duration) {
    self.interval = interval
  }

  /// Runs `request` when its turn comes and the interval has passed; the
  /// next request waits the interval, or what `hold` asks for its outcome
  /// if longer (a `Retry-After`, a backoff).
  ///
  /// - Throws: what `request` throws, or `CancellationError` when the
  ///   calling task was cancelled while waiting.
  public func run<Value: Sendable>(
    _ request: @Sendable () async throws -> Value,
    holdingAfter hold: @Sendable (Result<Value, any Error>) -> Duration? = { _ in nil }
  ) async throws -> Value {
    await self.acquire()
    defer { self.release() }
    if let nextStart = self.nextStart {
      try await Task.sleep(until: nextStart, clock: .continuous)
    }
    try Task.checkCancellation()
    let outcome: Result<Value, any Error>
    do {
      outcome = .success(try await request())
    } catch {
      outcome = .failure(error)
    }
    self.nextStart = ContinuousClock.now + max(self.interval, hold(outcome) ?? .zero)
    return try outcome.get()
  }

  private func acquire() async {
    guard self.busy else {
      self.busy = true
      return
    }
    await withCheckedContinuation { self.waiters.append($0) }
  }

  private func release() {
    if self.waiters.isEmpty {
      self.busy = false
    } else {
      self.waiters.removeFirst().resume()
    }
  }
}
