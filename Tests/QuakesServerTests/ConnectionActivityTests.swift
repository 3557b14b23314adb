import Clocks
import QuakesModel
import QuakesTestSupport
import Testing

@testable import QuakesServer

/// The idle timeout of a connection, on a clock the test moves: a client
/// is closed once it did nothing for the timeout since its last activity,
/// never while a request is in flight or a watch runs.
@Suite("Connection activity: idle after the timeout, on a test clock")
struct ConnectionActivityTests {
  /// Starts waiting for `activity` to be idle for a second; the task's value
  /// is whether it was, and when on `clock` the wait ended.
  private func idleWait(_ activity: ConnectionActivity, _ clock: ElapsedClock) -> Task<(Bool, Duration), Never> {
    Task { (await activity.waitUntilIdle(for: .seconds(1)), clock.now) }
  }

  @Test("idle one second after the last activity; activity moves the deadline")
  func activityMovesTheDeadline() async throws {
    let clock = TestClock()
    let elapsed = ElapsedClock(clock)
    let activity = ConnectionActivity(clock: elapsed)
    let idle = self.idleWait(activity, elapsed)
    await clock.advance(by: .milliseconds(900))
    activity.touch(busy: false)  // a whole line at 0.9 s: idle from 1.9 s
    await clock.advance(by: .milliseconds(600))
    #expect(activity.idleDeadline(after: .seconds(1)) == .milliseconds(1_900))
    // Once the wait sleeps again, until 1.9 s: a clock at 1.9 s first would keep it asleep.
    try await clock.advanceOnceSleeping(by: .milliseconds(400))
    let (wasIdle, at) = await idle.value
    #expect(wasIdle && at == .milliseconds(1_900), "idle at \(at), not 1 s after the last activity")
  }

  @Test("busy (a request in flight, a watch) is never idle; the timeout counts from when it ends")
  func busyIsNeverIdle() async {
    let clock = TestClock()
    let elapsed = ElapsedClock(clock)
    let activity = ConnectionActivity(clock: elapsed)
    activity.touch(busy: true)
    let idle = self.idleWait(activity, elapsed)
    await clock.advance(by: .seconds(30))
    #expect(activity.idleDeadline(after: .seconds(1)) == nil)
    activity.touch(busy: false)  // the reply went out at 30 s
    await clock.advance(by: .milliseconds(999))
    #expect(activity.idleDeadline(after: .seconds(1)) == .seconds(31))
    await clock.advance(by: .seconds(2))
    let (wasIdle, at) = await idle.value
    #expect(wasIdle && at >= .seconds(31), "idle at \(at), while it was busy until 30 s")
  }

  @Test("a client that sends a whole request more often than the timeout is never idle")
  func steadyClientStays() async {
    let clock = TestClock()
    let elapsed = ElapsedClock(clock)
    let activity = ConnectionActivity(clock: elapsed)
    let idle = self.idleWait(activity, elapsed)
    // A request every 0.3 s for 6 s (six timeouts), each answered at once.
    for _ in 1...20 {
      await clock.advance(by: .milliseconds(300))
      activity.touch(busy: true)
      activity.touch(busy: false)
    }
    await clock.advance(by: .milliseconds(999))
    #expect(activity.idleDeadline(after: .seconds(1)) == .milliseconds(7_000))
    idle.cancel()
    let (wasIdle, at) = await idle.value
    #expect(!wasIdle, "called idle at \(at), 0.3 s at most after a request")
  }

  @Test("a wait cancelled (the client left) ends without closing")
  func cancelledWait() async {
    let elapsed = ElapsedClock(TestClock())
    let activity = ConnectionActivity(clock: elapsed)
    let idle = self.idleWait(activity, elapsed)
    idle.cancel()
    #expect(await idle.value.0 == false)
  }
}
