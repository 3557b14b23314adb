import ImmutableData
import QuakesData
import QuakesModel
import Testing

/// How a reader of the database waits for the listener's writes: a wait
/// returns once the transition it names has been handled, or the listener
/// stopped, and never before.
@Suite("Listener progress: a reader waits for the writes of the state it saw", .timeLimit(.minutes(3)))
struct ListenerProgressTests {
  /// Yields until `progress` has `count` waits waiting.
  private static func waitUntil(_ progress: ListenerProgress, isWaiting count: Int) async {
    for _ in 0..<100_000 where progress.waiting != count { await Task.yield() }
    #expect(progress.waiting == count)
  }

  @Test("a wait for a transition already handled returns at once; one for a later transition waits for it")
  func waitsForItsTransition() async {
    let progress = ListenerProgress()
    progress.start(after: 2)
    await progress.wait(forTransition: 2)
    let three = Task { await progress.wait(forTransition: 3) }
    let five = Task { await progress.wait(forTransition: 5) }
    await Self.waitUntil(progress, isWaiting: 2)

    progress.handled(through: 3)
    await three.value
    #expect(progress.waiting == 1, "the wait for 5 still waits")
    #expect(progress.handled == 3)

    progress.handled(through: 5)
    await five.value
    #expect(progress.waiting == 0)
  }

  @Test("progress never goes back, and a stopped listener keeps no one waiting, now or later")
  func endReleasesEveryWait() async {
    let progress = ListenerProgress()
    progress.handled(through: 4)
    progress.handled(through: 2)
    #expect(progress.handled == 4)
    let waiting = Task { await progress.wait(forTransition: 10) }
    await Self.waitUntil(progress, isWaiting: 1)
    progress.end()
    await waiting.value
    #expect(progress.waiting == 0)
    await progress.wait(forTransition: 100)

    progress.start(after: 0)
    let again = Task { await progress.wait(forTransition: 1) }
    await Self.waitUntil(progress, isWaiting: 1)
    progress.handled(through: 1)
    await again.value
  }
}
