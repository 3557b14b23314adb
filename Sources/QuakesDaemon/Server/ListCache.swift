package import Foundation
package import HashTreeCollections
package import QuakesModel
package import QuakesProtocol
import Synchronization

/// Encoded `quakes.list` results, by params, for the quakes they were
/// computed from, bounded by bytes.
///
/// Scripts and dashboards ask the same question again and again; between two
/// writes the answer cannot change. An entry is served only while the
/// snapshot's quakes equal the ones it was computed from (`TreeDictionary`
/// equality is O(1) for the same tree and skips every shared subtree
/// otherwise), so a hit is never stale; the daemon empties the cache when
/// ``QuakesFilter`` says an action changed the quakes, so stale entries do
/// not hold old trees in memory.
///
/// The bound is in bytes, not entries: a relative `since` (`quakectl list
/// --since 1d`) makes every call new params, each of which may hold the
/// whole list. Each entry costs its encoded result plus its params and a
/// fixed overhead (``estimatedCost(of:result:)``); the least recently used
/// go first, and a result larger than the whole bound is not kept.
package final class ListCache: Sendable {
  private struct Entry {
    var data: TreeDictionary<Quake.ID, Quake>
    var result: Data
  }

  /// The bound when none is given: ``ServerLimits/listCacheBytes`` (32 MiB).
  package static let defaultByteLimit = ServerLimits().listCacheBytes

  /// What an entry costs beyond its result and the text of its params: the
  /// entry, its key, its dictionary and list slots, `Data`'s header.
  private static let entryOverhead = 256

  private let entries: Mutex<LeastRecentlyUsed<ListParams, Entry>>

  /// Creates a cache whose entries cost at most `byteLimit` together.
  package init(byteLimit: Int = ListCache.defaultByteLimit) {
    self.entries = Mutex(LeastRecentlyUsed(costLimit: byteLimit))
  }

  /// The result kept for `params`, if it was computed from `data`.
  package func cachedResult(for params: ListParams, over data: TreeDictionary<Quake.ID, Quake>) -> Data? {
    guard let entry = self.entries.withLock({ $0.value(for: params) }), entry.data == data else { return nil }
    return entry.result
  }

  /// Keeps `result`, computed for `params` from `data`.
  package func insert(_ result: Data, for params: ListParams, over data: TreeDictionary<Quake.ID, Quake>) {
    let cost = Self.estimatedCost(of: params, result: result)
    self.entries.withLock { $0.insert(Entry(data: data, result: result), for: params, cost: cost) }
  }

  /// Forgets every entry.
  package func removeAll() {
    self.entries.withLock { $0.removeAll() }
  }

  /// How many results are cached.
  package var count: Int { self.entries.withLock { $0.count } }

  /// What the cached entries cost together, in bytes (estimated).
  package var byteCount: Int { self.entries.withLock { $0.totalCost } }

  /// The bytes an entry for `params` holding `result` costs: the result,
  /// the text of the params, and ``entryOverhead``. The quakes it was
  /// computed from are not counted: they are the snapshot's, shared.
  package static func estimatedCost(of params: ListParams, result: Data) -> Int {
    let filter = params.filter
    let text =
      [
        filter.search, filter.day, filter.timeZone, filter.since, filter.until, filter.minAlert, filter.reviewStatus,
        filter.network, filter.eventType, filter.magnitudeType,
      ].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
      // A `within` polygon is part of the key: 8 bytes a number, and more.
      + (filter.within?.coordinates.numberCount ?? 0) * 16
    return result.count + text + Self.entryOverhead
  }
}
