/// Values by key, bounded by the sum of their costs: inserting past the
/// bound drops the least recently used values first. Every operation is O(1)
/// (a dictionary and a doubly linked list threaded through an array).
///
/// Not thread-safe: ``ListCache`` keeps it behind a lock.
struct LeastRecentlyUsed<Key: Hashable, Value> {
  private struct Slot {
    var key: Key
    var value: Value
    var cost: Int
    var newer: Int?
    var older: Int?
  }

  /// The most the costs of the values kept may add up to.
  let costLimit: Int
  /// What the values kept cost together; never over ``costLimit``.
  private(set) var totalCost = 0

  private var slots: [Slot?] = []
  private var freeSlots: [Int] = []
  private var indices: [Key: Int] = [:]
  private var newest: Int?
  private var oldest: Int?

  /// Creates an empty cache of values costing at most `costLimit` together.
  init(costLimit: Int) {
    self.costLimit = costLimit
  }

  /// How many values are kept.
  var count: Int { self.indices.count }

  /// The value for `key`, now the most recently used; `nil` when none is kept.
  mutating func value(for key: Key) -> Value? {
    guard let index = self.indices[key], let slot = self.slots[index] else { return nil }
    self.unlink(index)
    self.linkAsNewest(index)
    return slot.value
  }

  /// Keeps `value` for `key` (replacing any), as the most recently used, and
  /// drops the least recently used values until the costs fit the limit. A
  /// value that costs more than the limit alone is not kept.
  mutating func insert(_ value: Value, for key: Key, cost: Int) {
    self.remove(key)
    guard cost <= self.costLimit else { return }
    while self.totalCost + cost > self.costLimit, let oldest = self.oldest, let slot = self.slots[oldest] {
      self.remove(slot.key)
    }
    let slot = Slot(key: key, value: value, cost: cost)
    let index: Int
    if let free = self.freeSlots.popLast() {
      index = free
      self.slots[index] = slot
    } else {
      index = self.slots.count
      self.slots.append(slot)
    }
    self.indices[key] = index
    self.totalCost += cost
    self.linkAsNewest(index)
  }

  /// Drops every value.
  mutating func removeAll() {
    self = LeastRecentlyUsed(costLimit: self.costLimit)
  }

  private mutating func remove(_ key: Key) {
    guard let index = self.indices.removeValue(forKey: key), let slot = self.slots[index] else { return }
    self.unlink(index)
    self.totalCost -= slot.cost
    self.slots[index] = nil
    self.freeSlots.append(index)
  }

  private mutating func unlink(_ index: Int) {
    guard let slot = self.slots[index] else { return }
    if let newer = slot.newer { self.slots[newer]?.older = slot.older } else { self.newest = slot.older }
    if let older = slot.older { self.slots[older]?.newer = slot.newer } else { self.oldest = slot.newer }
    self.slots[index]?.newer = nil
    self.slots[index]?.older = nil
  }

  private mutating func linkAsNewest(_ index: Int) {
    self.slots[index]?.older = self.newest
    if let newest = self.newest { self.slots[newest]?.newer = index }
    self.newest = index
    if self.oldest == nil { self.oldest = index }
  }
}
