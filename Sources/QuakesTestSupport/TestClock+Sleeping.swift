public import Clocks

extension TestClock<Duration> {
  /// A task expected to sleep on the clock did not within the wait.
  public struct NoSleeper: Error, CustomStringConvertible {
    public let description = "no task slept on the test clock"
  }

  /// Advances the clock by `duration` once a task sleeps on it.
  ///
  /// A task that wakes, works and sleeps again registers its next sleep a
  /// moment later; advanced before that, the clock may reach that sleep's
  /// deadline exactly, and swift-clocks' `TestClock` then keeps the late
  /// sleeper waiting for an advance that never comes (a sleep until `now`
  /// is not over). `advance(by:)` yields to let sleepers register, which a
  /// loaded machine can outrun; this waits until one has.
  ///
  /// - Throws: ``NoSleeper`` when none sleeps within `timeout`.
  public func advanceOnceSleeping(by duration: Duration, timeout: Duration = .seconds(60)) async throws {
    let sleeping = try await poll(until: .now + timeout, every: .milliseconds(1)) { () async -> Bool? in
      // `checkSuspension` throws when a task sleeps on the clock.
      (try? await self.checkSuspension()) == nil ? true : nil
    }
    guard sleeping != nil else { throw NoSleeper() }
    await self.advance(by: duration)
  }
}
