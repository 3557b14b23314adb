import Synchronization

/// A value a reload replaces while others read it: each read sees the whole
/// old value or the whole new one. Copies share the value.
public final class ReloadableSetting<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  /// Creates a setting holding `value`.
  public init(_ value: Value) {
    self.storage = Mutex(value)
  }

  /// The value now.
  public var value: Value {
    self.storage.withLock { $0 }
  }

  /// Replaces the value for every later read.
  public func replace(with value: Value) {
    self.storage.withLock { $0 = value }
  }
}
