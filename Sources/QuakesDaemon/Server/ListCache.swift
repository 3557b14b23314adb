import Foundation
import HashTreeCollections
import QuakesData
import QuakesProtocol
import Synchronization

/// Encoded `quakes.list` results, by params, for the quakes they were
/// computed from.
///
/// Scripts and dashboards ask the same question again and again; between two
/// writes the answer cannot change. An entry is served only while the
/// snapshot's quakes equal the ones it was computed from (`TreeDictionary`
/// equality is O(1) for the same tree and skips every shared subtree
/// otherwise), so a hit is never stale; the daemon
/// empties the cache when ``QuakesFilter`` says an action changed the quakes,
/// so stale entries do not hold old trees in memory.
final class ListCache: Sendable {
  private struct Entry {
    var data: TreeDictionary<Quake.ID, Quake>
    var result: Data
  }

  private let entries = Mutex<[ListParams: Entry]>([:])
  private let capacity: Int

  /// Creates a cache of at most `capacity` results (emptied when full).
  init(capacity: Int = 256) {
    self.capacity = capacity
  }

  /// The encoded result for `params` over `data`, computed by `compute` on a miss.
  func result(
    for params: ListParams,
    over data: TreeDictionary<Quake.ID, Quake>,
    compute: () throws -> Data
  ) rethrows -> Data {
    if let entry = self.entries.withLock({ $0[params] }), entry.data == data {
      return entry.result
    }
    let result = try compute()
    self.entries.withLock { entries in
      if entries.count >= self.capacity { entries.removeAll(keepingCapacity: true) }
      entries[params] = Entry(data: data, result: result)
    }
    return result
  }

  /// Forgets every entry.
  func removeAll() {
    self.entries.withLock { $0.removeAll() }
  }

  /// How many results are cached.
  var count: Int { self.entries.withLock { $0.count } }
}
