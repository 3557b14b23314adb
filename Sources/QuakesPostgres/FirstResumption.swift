import Synchronization

/// A continuation that tasks racing to answer it share: the first to
/// resume it answers, and the others change nothing (a statement against
/// the connection's close, a renewal against the end of the term).
final class FirstResumption<Value: Sendable, Failure: Error>: Sendable {
  private let continuation: Mutex<CheckedContinuation<Value, Failure>?>

  init(_ continuation: CheckedContinuation<Value, Failure>) {
    self.continuation = Mutex(continuation)
  }

  /// Resumes the continuation with `result`, unless it was resumed
  /// already; whether this was the first.
  @discardableResult
  func resume(with result: sending Result<Value, Failure>) -> Bool {
    let continuation = self.continuation.withLock { continuation in
      defer { continuation = nil }
      return continuation
    }
    continuation?.resume(with: result)
    return continuation != nil
  }
}
