/// A clock of any kind, read as the time elapsed since it was wrapped:
/// what a part that waits needs (the time now, and a sleep until a later
/// time), without making that part generic over its clock.
///
/// The daemon wraps `ContinuousClock` (``continuous``); a test wraps a clock
/// it advances itself (swift-clocks' `TestClock`), so what waits is driven
/// by the test instead of by the time the machine takes.
public struct ElapsedClock: Sendable {
  private let elapsed: @Sendable () -> Duration
  private let sleeper: @Sendable (Duration) async throws -> Void

  /// `clock`, from now on.
  public init<C: Clock<Duration>>(_ clock: C) {
    let start = clock.now
    self.elapsed = { start.duration(to: clock.now) }
    self.sleeper = { deadline in try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil) }
  }

  /// The continuous clock, the daemon's.
  public static var continuous: ElapsedClock { ElapsedClock(ContinuousClock()) }

  /// The time elapsed since the clock was wrapped.
  public var now: Duration { self.elapsed() }

  /// Returns once ``now`` has reached `deadline` (at once if it has).
  ///
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: Duration) async throws {
    try await self.sleeper(deadline)
  }

  /// Returns once `duration` has passed on this clock.
  ///
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(for duration: Duration) async throws {
    try await self.sleeper(self.now + duration)
  }
}
