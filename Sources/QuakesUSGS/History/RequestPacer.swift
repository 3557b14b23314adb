public import Foundation
public import QuakesModel
import Synchronization

/// Keeps requests to one service polite: one at a time, and at least
/// ``interval`` between the end of one and the start of the next.
///
/// USGS asks clients of its FDSN event service to stay under 500 requests
/// in 5 minutes; one request at a time, 0.6 s apart, stays under that
/// whatever the answers' speed. A backoff a request's outcome calls for (a
/// `Retry-After`) is set before the next request may start, so it holds
/// every request, not just the one refused.
public actor RequestPacer {
  /// A wait a request's outcome asks for before the next request: how long, and why.
  public struct Hold: Hashable, Sendable {
    /// How long from the end of the request.
    public var duration: Duration
    /// Why, for people: `the service answered 503 Service Unavailable; …`.
    public var reason: String

    /// Creates a hold.
    public init(_ duration: Duration, reason: String) {
      self.duration = duration
      self.reason = reason
    }
  }

  /// A hold in force: until when no request starts, and why.
  public struct Waiting: Hashable, Sendable {
    /// When the next request may start.
    public var until: Date
    /// Why it waits (``Hold/reason``).
    public var reason: String
  }

  /// The least time between one request's end and the next one's start.
  public var interval: Duration
  private var busy = false
  private var waiters: [CheckedContinuation<Void, Never>] = []
  /// When the next request may start, on ``clock``.
  private var nextStart: Duration?
  /// The clock the intervals and holds are waited on.
  private let clock: ElapsedClock
  /// The last hold longer than the interval, read without waiting for the
  /// actor (a status must not queue behind a request).
  private let lastHold = Mutex<Waiting?>(nil)

  /// Creates a pacer with `interval` between requests, waited on `clock`
  /// (the continuous clock; a test's own in tests).
  public init(interval: Duration, clock: ElapsedClock = .continuous) {
    self.interval = interval
    self.clock = clock
  }

  /// Changes the interval from the next request on (a reload).
  public func setInterval(_ interval: Duration) {
    self.interval = interval
  }

  /// The hold in force at `now`, if any: what a backfill's status shows,
  /// so that one waiting out a `Retry-After` or a backoff does not look stalled.
  public nonisolated func waiting(at now: Date = Date()) -> Waiting? {
    self.lastHold.withLock { hold in hold.flatMap { $0.until > now ? $0 : nil } }
  }

  /// Runs `request` when its turn comes and the interval has passed; the
  /// next request waits the interval, or what `hold` asks for its outcome
  /// if longer (a `Retry-After`, a backoff).
  ///
  /// - Throws: what `request` throws, or `CancellationError` when the
  ///   calling task was cancelled while waiting.
  public func run<Value: Sendable>(
    _ request: @Sendable () async throws -> Value,
    holdingAfter hold: @Sendable (Result<Value, any Error>) -> Hold? = { _ in nil }
  ) async throws -> Value {
    await self.acquire()
    defer { self.release() }
    if let nextStart = self.nextStart {
      try await self.clock.sleep(until: nextStart)
    }
    try Task.checkCancellation()
    let outcome: Result<Value, any Error>
    do {
      outcome = .success(try await request())
    } catch {
      outcome = .failure(error)
    }
    let asked = hold(outcome)
    self.nextStart = self.clock.now + max(self.interval, asked?.duration ?? .zero)
    self.lastHold.withLock { last in
      last = asked.flatMap { asked in
        asked.duration > self.interval
          ? Waiting(until: Date().addingTimeInterval(Self.seconds(asked.duration)), reason: asked.reason) : nil
      }
    }
    return try outcome.get()
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
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
