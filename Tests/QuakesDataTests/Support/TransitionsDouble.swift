import Synchronization

/// An async sequence the test drives by hand: ``send(_:)`` hands one element
/// to the consumer and returns once the consumer has handled it (it asks for
/// the next one), so a test knows its side effects have run.
final class TransitionsDouble<Element: Sendable>: AsyncSequence, Sendable {
  private struct Rendezvous {
    var consumer: CheckedContinuation<Element?, Never>?
    var senderWaitingForConsumer: CheckedContinuation<Void, Never>?
  }

  private let rendezvous = Mutex(Rendezvous())

  struct AsyncIterator: AsyncIteratorProtocol {
    let sequence: TransitionsDouble

    func next() async -> Element? {
      await withCheckedContinuation { continuation in
        let sender = self.sequence.rendezvous.withLock { state in
          state.consumer = continuation
          defer { state.senderWaitingForConsumer = nil }
          return state.senderWaitingForConsumer
        }
        sender?.resume()
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(sequence: self)
  }

  /// Hands `element` to the consumer and waits until it asks for the next one.
  func send(_ element: Element) async {
    let consumer = await self.waitForConsumer()
    consumer.resume(returning: element)
    _ = await self.waitForConsumer(keep: true)
  }

  private func waitForConsumer(keep: Bool = false) async -> CheckedContinuation<Element?, Never> {
    while true {
      if let consumer = self.rendezvous.withLock({ state -> CheckedContinuation<Element?, Never>? in
        defer { if !keep { state.consumer = nil } }
        return state.consumer
      }) {
        return consumer
      }
      await withCheckedContinuation { (sender: CheckedContinuation<Void, Never>) in
        let ready = self.rendezvous.withLock { state -> Bool in
          if state.consumer != nil { return true }
          state.senderWaitingForConsumer = sender
          return false
        }
        if ready { sender.resume() }
      }
    }
  }
}
