import Foundation
import QuakesTestSupport
import Synchronization
import Testing

@testable import QuakesSQLite

/// The handoff between a cursor's reading thread and the answer that
/// writes its pages (``PageHandoff``): the thread never runs more than a
/// page ahead of the answer, and stops when the answer gives up.
@Suite struct PageHandoffTests {
  /// The pages a maker made so far, read by the test.
  private final class Made: Sendable {
    private let count = Mutex(0)
    func increment() { self.count.withLock { $0 += 1 } }
    var value: Int { self.count.withLock { $0 } }
  }

  /// Starts a thread that makes pages 1…`count` (counting each in `made`
  /// before it hands it over) until the handoff says stop, then finishes.
  private static func maker(
    _ handoff: PageHandoff<Int>, count: Int, made: Made, failing: (any Error)? = nil
  ) {
    Thread {
      for page in 1...count {
        made.increment()
        guard handoff.put(page) else { break }
      }
      handoff.finish(throwing: failing)
    }.start()
  }

  @Test("the maker is never more than one page ahead of the user, and the user gets every page in order")
  func boundedAhead() async throws {
    let handoff = PageHandoff<Int>()
    let made = Made()
    Self.maker(handoff, count: 50, made: made)
    var taken: [Int] = []
    while let page = try await handoff.next() {
      taken.append(page)
      // The maker may have made the next page and waits until this user
      // asks for it: it cannot have made another.
      #expect(made.value <= page + 1, "after page \(page)")
    }
    #expect(taken == Array(1...50))
  }

  @Test("a user that gives up stops the maker, which made at most one page more")
  func cancelStopsTheMaker() async throws {
    let handoff = PageHandoff<Int>()
    let made = Made()
    let stopped = Mutex(false)
    Thread {
      for page in 1...1_000 {
        made.increment()
        guard handoff.put(page) else { break }
      }
      stopped.withLock { $0 = true }
    }.start()
    #expect(try await handoff.next() == 1)
    handoff.cancel()
    let done = try await poll(until: .now + .seconds(30), every: .milliseconds(5)) {
      stopped.withLock { $0 } ? true : nil
    }
    #expect(done == true, "the maker stopped")
    #expect(made.value <= 2, "page 1 taken; page 2, the one more, refused")
  }

  @Test("the maker's error reaches the user after the pages made before it")
  func errorAfterPages() async throws {
    struct Failure: Error, Equatable {}
    let handoff = PageHandoff<Int>()
    Self.maker(handoff, count: 2, made: Made(), failing: Failure())
    #expect(try await handoff.next() == 1)
    #expect(try await handoff.next() == 2)
    await #expect(throws: Failure.self) { try await handoff.next() }
  }

  @Test("a user waiting for a page that gives up gets CancellationError at once, whatever the maker does")
  func cancelWhileWaiting() async throws {
    let handoff = PageHandoff<Int>()
    // No maker: nothing will ever come.
    let waiting = Task { try await handoff.next() }
    let isWaiting = try await poll(until: .now + .seconds(30), every: .milliseconds(1)) {
      handoff.userIsWaiting ? true : nil
    }
    #expect(isWaiting == true)
    handoff.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    await #expect(throws: CancellationError.self) { try await handoff.next() }
    #expect(!handoff.put(1), "the maker is told to stop")
  }
}
