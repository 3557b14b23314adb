import QuakesModel
import Synchronization

/// When a connection last did something, and whether it is busy (a request
/// in flight, or a watch), so an idle client can be told apart from a slow
/// request or a quiet watch; and the wait until it has been idle too long.
final class ConnectionActivity: Sendable {
  private struct State {
    var lastActivity: Duration
    var busy = false
  }

  private let clock: ElapsedClock
  private let state: Mutex<State>

  /// Activity from now on `clock` (the continuous clock; a test's own in tests).
  init(clock: ElapsedClock = .continuous) {
    self.clock = clock
    self.state = Mutex(State(lastActivity: clock.now))
  }

  /// Records activity now; `busy` says whether work is in flight.
  func touch(busy: Bool) {
    let now = self.clock.now
    self.state.withLock {
      $0.lastActivity = now
      $0.busy = busy
    }
  }

  /// When the connection becomes idle for `timeout` if nothing happens;
  /// `nil` while it is busy.
  func idleDeadline(after timeout: Duration) -> Duration? {
    self.state.withLock { $0.busy ? nil : $0.lastActivity + timeout }
  }

  /// Returns `true` once the connection has done nothing for `timeout`
  /// (looking again whenever the deadline it waited for was moved by
  /// activity, or while it is busy), `false` when the task is cancelled.
  func waitUntilIdle(for timeout: Duration) async -> Bool {
    while !Task.isCancelled {
      let deadline = self.idleDeadline(after: timeout)
      do {
        try await self.clock.sleep(until: deadline ?? self.clock.now + timeout)
      } catch {
        return false
      }
      if let deadline = self.idleDeadline(after: timeout), deadline <= self.clock.now { return true }
    }
    return false
  }
}
