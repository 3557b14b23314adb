import Synchronization

/// A wait that ends at a signal or after a time, whichever comes first: a
/// follower waits for the store's announcement of a change, or its
/// periodic look; a candidate for a resignation, or its next request. A
/// signal while nobody waits ends the next wait at once.
public final class Wakeup: Sendable {
  private let state = Mutex<(pending: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  public init() {}

  /// Ends the wait in progress, or the next one.
  public func signal() {
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
  public func wait(atMost duration: Duration) async {
    await self.wait { try await Task.sleep(for: duration) }
  }

  /// Returns at the next signal (at once if one came since the last wait),
  /// when `sleep` returns or throws (on a clock a test drives), or when the
  /// calling task is cancelled.
  public func wait(sleeping sleep: @escaping @Sendable () async throws -> Void) async {
    let timer = Task {
      // A timer cancelled because its wait ended otherwise must not end the next one.
      do { try await sleep() } catch { return }
      guard !Task.isCancelled else { return }
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
