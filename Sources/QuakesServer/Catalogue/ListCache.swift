package import Foundation
package import QuakesProtocol
import Synchronization

/// Encoded `quakes.list` results, by params, for the revision of the
/// cached quakes they were computed at, bounded by bytes.
///
/// Scripts and dashboards ask the same question again and again; between two
/// writes the answer cannot change. An entry is served only while the
/// state's ``QuakesState/Quakes/revision`` is the one it was computed at
/// (every transition that may change the cached quakes, in the state or
/// only in the database, moves it), so a hit is never stale; the daemon
/// empties the cache when ``QuakesFilter`` says an action changed the
/// quakes, so stale entries do not stay in memory.
///
/// The bound is in bytes, not entries: a relative `since` (`quakectl list
/// --since 1d`) makes every call new params, each of which may hold the
/// whole list. Each entry costs its encoded result plus its params and a
/// fixed overhead (``estimatedCost(of:result:)``); the least recently used
/// go first, and a result larger than the whole bound is not kept.
package final class ListCache: Sendable {
  private struct Entry {
    var revision: Int
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

  /// The result kept for `params`, if it was computed at `revision`.
  package func cachedResult(for params: ListParams, at revision: Int) -> Data? {
    guard let entry = self.entries.withLock({ $0.value(for: params) }), entry.revision == revision else { return nil }
    return entry.result
  }

  /// Keeps `result`, computed for `params` at `revision`.
  package func insert(_ result: Data, for params: ListParams, at revision: Int) {
    let cost = Self.estimatedCost(of: params, result: result)
    self.entries.withLock { $0.insert(Entry(revision: revision, result: result), for: params, cost: cost) }
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
        filter.search, filter.day, filter.timeZone, filter.since, filter.until, filter.updatedAfter, filter.minAlert,
        filter.alert, filter.reviewStatus, filter.network, filter.eventType, filter.magnitudeType,
      ].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
      // A `within` polygon is part of the key: 8 bytes a number, and more.
      + (filter.within?.coordinates.numberCount ?? 0) * 16
    return result.count + text + Self.entryOverhead
  }
}
