import Foundation

/// What `work` returns, worked out on a thread of its own rather than on
/// one of the task pool's, which has as many threads as the machine has
/// cores (two here) and runs every test of the run: seconds of synchronous
/// work there starve the others, and a loop that must keep a pace (a
/// request every 0.3 s) misses it when the others hold the pool.
public func onAThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
  }
}
