import Synchronization

/// How many clients are connected, over both sockets.
final class ConnectionCount: Sendable {
  private let value = Atomic<Int>(0)

  /// Counts a new client; returns the count with it.
  func increment() -> Int {
    self.value.add(1, ordering: .relaxed).newValue
  }

  /// How many clients are connected now.
  var current: Int {
    self.value.load(ordering: .relaxed)
  }

  /// Counts a client that left.
  func decrement() {
    self.value.subtract(1, ordering: .relaxed)
  }
}
