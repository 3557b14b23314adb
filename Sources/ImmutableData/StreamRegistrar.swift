import Synchronization

/// Keeps the continuations of the streams a ``Store`` hands out.
///
/// Each stream is unbounded: a listener must see every transition, in order.
/// When a stream's consumer stops (it leaves its loop or its task is
/// cancelled), the stream's continuation is dropped at once, with its buffer;
/// when the registrar goes away with its store, every stream finishes.
final class StreamRegistrar<Element: Sendable>: Sendable {
  private struct Registry {
    var nextId = 0
    var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
  }

  private let registry = Mutex(Registry())

  init() {}

  deinit {
    let continuations = self.registry.withLock { $0.continuations.values }
    for continuation in continuations {
      continuation.finish()
    }
  }

  /// The number of streams whose consumers are still there.
  var count: Int { self.registry.withLock { $0.continuations.count } }

  func makeStream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let id = self.registry.withLock { registry in
      registry.nextId += 1
      registry.continuations[registry.nextId] = continuation
      return registry.nextId
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.registry.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  func yield(_ element: Element) {
    let continuations = self.registry.withLock { Array($0.continuations.values) }
    for continuation in continuations {
      continuation.yield(element)
    }
  }
}
