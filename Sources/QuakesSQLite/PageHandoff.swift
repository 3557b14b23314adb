import Dispatch
import Synchronization

/// Pages handed from a thread that makes them, and may block, to an async
/// task that uses them, one at a time: the maker waits while the page it
/// made is not taken. So however slow the user (a client reading a long
/// answer over a slow network), at most one page waits beside the one
/// being made and the one being used.
///
/// The maker calls ``put(_:)`` for each page, then ``finish(throwing:)``;
/// the user calls ``next()``, one call at a time, until it answers `nil`,
/// or ``cancel()`` when it wants no more, after which ``put(_:)`` answers
/// `false` at once and ``next()`` throws `CancellationError`.
final class PageHandoff<Page: Sendable>: Sendable {
  private enum Ending {
    case finished
    case failed(any Error)
  }

  private struct State {
    /// A page made and not yet taken.
    var page: Page?
    var ending: Ending?
    /// The user, waiting for a page.
    var waiting: CheckedContinuation<Page?, any Error>?
    var isCancelled = false
  }

  private enum Taking {
    case page(Page)
    case ending(Ending)
    case cancelled
    case waits
  }

  private let state = Mutex(State())
  /// Signalled when a page that waited is taken, and on ``cancel()``.
  private let taken = DispatchSemaphore(value: 0)

  init() {}

  /// Hands `page` over and returns once the user has it: at once when it
  /// waits for one. Whether to go on: `false` once the user cancelled.
  func put(_ page: Page) -> Bool {
    let handing = self.state.withLock { state -> (goesOn: Bool, to: CheckedContinuation<Page?, any Error>?) in
      guard !state.isCancelled else { return (false, nil) }
      if let waiting = state.waiting {
        state.waiting = nil
        return (true, waiting)
      }
      state.page = page
      return (true, nil)
    }
    guard handing.goesOn else { return false }
    if let user = handing.to {
      user.resume(returning: page)
      return true
    }
    self.taken.wait()
    return !self.state.withLock { $0.isCancelled }
  }

  /// No more pages: the user's ``next()`` answers `nil` after the last, or
  /// throws `error`.
  func finish(throwing error: (any Error)? = nil) {
    let waiting = self.state.withLock { state -> CheckedContinuation<Page?, any Error>? in
      state.ending = error.map(Ending.failed) ?? .finished
      defer { state.waiting = nil }
      return state.waiting
    }
    if let error {
      waiting?.resume(throwing: error)
    } else {
      waiting?.resume(returning: nil)
    }
  }

  /// The next page, once it is made; `nil` after the last.
  ///
  /// - Throws: the error the maker finished with, or `CancellationError`
  ///   after ``cancel()``.
  func next() async throws -> Page? {
    try await withCheckedThrowingContinuation { continuation in
      let taking = self.state.withLock { state -> Taking in
        precondition(state.waiting == nil, "PageHandoff.next() called while another call waits")
        guard !state.isCancelled else { return .cancelled }
        if let page = state.page {
          state.page = nil
          return .page(page)
        }
        guard let ending = state.ending else {
          state.waiting = continuation
          return .waits
        }
        return .ending(ending)
      }
      switch taking {
      case .page(let page):
        self.taken.signal()
        continuation.resume(returning: page)
      case .ending(.finished): continuation.resume(returning: nil)
      case .ending(.failed(let error)): continuation.resume(throwing: error)
      case .cancelled: continuation.resume(throwing: CancellationError())
      case .waits: break
      }
    }
  }

  /// Whether the user waits in ``next()`` now.
  var userIsWaiting: Bool { self.state.withLock { $0.waiting != nil } }

  /// The user wants no more pages: a maker waiting in ``put(_:)`` returns
  /// `false`, and so does every later ``put(_:)``; a ``next()`` waiting
  /// throws `CancellationError`, and so does every later one.
  func cancel() {
    let waiting = self.state.withLock { state -> CheckedContinuation<Page?, any Error>? in
      state.isCancelled = true
      defer { state.waiting = nil }
      return state.waiting
    }
    self.taken.signal()
    waiting?.resume(throwing: CancellationError())
  }
}
