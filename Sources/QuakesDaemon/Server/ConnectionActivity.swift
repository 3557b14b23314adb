import Synchronization

/// When a connection last did something, and whether it is busy (a request
/// in flight, or a watch), so an idle client can be told apart from a slow
/// request or a quiet watch.
final class ConnectionActivity: Sendable {
  private struct State {
    var lastActivity = ContinuousClock.now
    var busy = false
  }

  private let state = Mutex(State())

  /// Records activity now; `busy` says whether work is in flight.
  func touch(busy: Bool) {
    self.state.withLock {
      $0.lastActivity = .now
      $0.busy = busy
    }
  }

  /// When the connection becomes idle for `timeout` if nothing happens;
  /// `nil` while it is busy.
  func idleDeadline(after timeout: Duration) -> ContinuousClock.Instant? {
    self.state.withLock { $0.busy ? nil : $0.lastActivity + timeout }
  }
}
