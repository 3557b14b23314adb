import Synchronization

/// A wait that ends at a signal or after a time, whichever comes first: a
/// follower waits for the store's announcement of a change, or its
/// periodic look. A signal while nobody waits ends the next wait at once.
final class Wakeup: Sendable {
  private let state = Mutex<(pending: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  /// Ends the wait in progress, or the next one.
  func signal() {
    let waiter = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard let waiter = state.waiter else {
        state.pending = true
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns at the next signal (at once if one came since the last wait),
  /// after `duration`, or when the calling task is cancelled.
  func wait(atMost duration: Duration) async {
    let timer = Task {
      try? await Task.sleep(for: duration)
      self.signal()
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let signalled = self.state.withLock { state in
          guard state.pending else {
            state.waiter = continuation
            return false
          }
          state.pending = false
          return true
        }
        if signalled { continuation.resume() }
      }
    } onCancel: {
      self.signal()
    }
    timer.cancel()
  }
}
