import Synchronization

/// How far the ``Listener`` got through the store's transitions: the
/// number of the last transition whose side effects on the local store have
/// finished (its write committed, or failed and was reported).
///
/// A reader of the local store that takes the state with its transition
/// count (`Store.countedSnapshot()`) and waits here for that count reads a
/// database no older than that state: a reply sent after a transition
/// (a `delete`, a `refresh --wait`) is followed by answers that include it.
/// Fetches the listener starts are not side effects of the transition that
/// started them: they report with transitions of their own.
public final class ListenerProgress: Sendable {
  private struct Progress {
    var handled = 0
    /// Set when the listener stopped: nothing more will be handled, and no
    /// one waits any longer.
    var ended = false
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let progress = Mutex(Progress())

  /// Creates the progress of a listener that has handled nothing yet.
  public init() {}

  /// The number of the last transition handled.
  public var handled: Int { self.progress.withLock { $0.handled } }

  /// How many waits are waiting.
  package var waiting: Int { self.progress.withLock { $0.waiters.count } }

  /// Returns once transition `count` has been handled, or the listener
  /// stopped (then at once).
  public func wait(forTransition count: Int) async {
    // Most reads find the listener there already: they return without a
    // continuation, whose resumption is a job for the task pool (a
    // profile of FDSN counts had such hops in a tenth of quakesd's CPU).
    guard self.progress.withLock({ $0.handled < count && !$0.ended }) else { return }
    await withCheckedContinuation { continuation in
      let ready = self.progress.withLock { progress in
        guard progress.handled < count, !progress.ended else { return true }
        progress.waiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Records that the listener starts with transition `count` + 1 (the
  /// store had applied `count` when the listener's stream was made).
  package func start(after count: Int) {
    self.progress.withLock { progress in
      progress.handled = count
      progress.ended = false
    }
  }

  /// Records that every transition up to `count` has been handled.
  package func handled(through count: Int) {
    let ready = self.progress.withLock { progress in
      progress.handled = Swift.max(progress.handled, count)
      let handled = progress.handled
      let ready = progress.waiters.filter { $0.count <= handled }
      progress.waiters.removeAll { $0.count <= handled }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Records that the listener stopped: every wait, now and later, returns.
  package func end() {
    let waiting = self.progress.withLock { progress in
      progress.ended = true
      defer { progress.waiters = [] }
      return progress.waiters
    }
    for waiter in waiting { waiter.continuation.resume() }
  }
}
