import Synchronization

/// How many long answers (an FDSN `query`, a `quakes.list` with no limit)
/// are written at once: each reads from a cursor with a thread, a database
/// connection and a snapshot of its own until its last piece is written,
/// so a request beyond ``count`` waits for a slot (and holds nothing
/// meanwhile), however many connections ask.
package final class AnswerSlots: Sendable {
  /// A slot taken: given back when the answer holding it is gone.
  package final class Slot: Sendable {
    private let slots: AnswerSlots

    fileprivate init(_ slots: AnswerSlots) {
      self.slots = slots
    }

    deinit {
      self.slots.release()
    }
  }

  private struct Slots {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let slots: Mutex<Slots>
  /// How many answers may hold their events at once.
  package let count: Int

  package init(count: Int) {
    self.count = count
    self.slots = Mutex(Slots(free: count))
  }

  /// A slot, once one is free.
  package func take() async -> Slot {
    await withCheckedContinuation { continuation in
      let now = self.slots.withLock { slots in
        guard slots.free > 0 else {
          slots.waiting.append(continuation)
          return false
        }
        slots.free -= 1
        return true
      }
      if now { continuation.resume() }
    }
    return Slot(self)
  }

  /// How many slots are free now.
  package var free: Int { self.slots.withLock { $0.free } }

  /// How many requests wait for a slot now.
  package var waiting: Int { self.slots.withLock { $0.waiting.count } }

  private func release() {
    let next = self.slots.withLock { slots -> CheckedContinuation<Void, Never>? in
      guard !slots.waiting.isEmpty else {
        slots.free += 1
        return nil
      }
      return slots.waiting.removeFirst()
    }
    next?.resume()
  }
}
