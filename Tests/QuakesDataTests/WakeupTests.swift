import Clocks
import QuakesModel
import QuakesTestSupport
import Testing

/// A follower's wait for the store's announcement of a change: a signal
/// ends it, one that came first ends the next at once, and so does a
/// cancellation; each wait here is an hour long, so only these can end it.
@Suite("Wakeup: a wait ended by a signal, a time or a cancellation")
struct WakeupTests {
  @Test("a signal ends the wait, whether it came during the wait or before it")
  func signalEndsTheWait() async {
    let wakeup = Wakeup()
    let waiting = Task { await wakeup.wait(atMost: .seconds(3_600)) }
    wakeup.signal()
    await waiting.value
  }

  @Test("a signal while nobody waits ends the next wait at once")
  func signalBeforeTheWait() async {
    let wakeup = Wakeup()
    wakeup.signal()
    await wakeup.wait(atMost: .seconds(3_600))
  }

  @Test("a short wait ends after its time without a signal")
  func timeEndsTheWait() async {
    await Wakeup().wait(atMost: .milliseconds(1))
  }

  @Test("cancelling the waiting task ends the wait")
  func cancellationEndsTheWait() async {
    let wakeup = Wakeup()
    let waiting = Task { await wakeup.wait(atMost: .seconds(3_600)) }
    waiting.cancel()
    await waiting.value
  }

  @Test("a wait ended by a signal leaves nothing behind: the next one lasts its time, on a clock the test drives")
  func nextWaitLastsItsTime() async throws {
    let clock = TestClock()
    let wakeup = Wakeup()
    wakeup.signal()
    await wakeup.wait { try await clock.sleep(for: .seconds(10)) }
    let start = clock.now
    let next = Task {
      await wakeup.wait { try await clock.sleep(for: .seconds(10)) }
      return clock.now
    }
    try await clock.advanceOnceSleeping(by: .seconds(10))
    #expect(await next.value == start.advanced(by: .seconds(10)), "it ended when its time came, not at once")
  }
}
