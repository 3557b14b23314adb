/// Keeps the continuations of the streams a ``Store`` hands out.
///
/// Each stream is unbounded: a listener must see every transition, in order.
/// A stream whose consumer stops is removed, so its buffer is freed.
@StoreActor
final class StreamRegistrar<Element: Sendable>: Sendable {
  private var nextId = 0
  private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]

  init() {}

  isolated deinit {
    for continuation in self.continuations.values {
      continuation.finish()
    }
  }

  /// The number of streams whose consumers are still there.
  var count: Int { self.continuations.count }

  func makeStream() -> AsyncStream<Element> {
    self.nextId += 1
    let id = self.nextId
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    continuation.onTermination = { [weak self] _ in
      Task { @StoreActor in
        self?.continuations[id] = nil
      }
    }
    self.continuations[id] = continuation
    return stream
  }

  func yield(_ element: Element) {
    for continuation in self.continuations.values {
      continuation.yield(element)
    }
  }
}
