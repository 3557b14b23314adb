import Synchronization

/// How many clients are connected, over both sockets.
package final class ConnectionCount: Sendable {
  package init() {}

  private let value = Atomic<Int>(0)

  /// Counts a new client; returns the count with it.
  package func increment() -> Int {
    self.value.add(1, ordering: .relaxed).newValue
  }

  /// How many clients are connected now.
  package var current: Int {
    self.value.load(ordering: .relaxed)
  }

  /// Counts a client that left.
  package func decrement() {
    self.value.subtract(1, ordering: .relaxed)
  }
}
