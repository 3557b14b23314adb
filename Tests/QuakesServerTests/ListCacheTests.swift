import Foundation
import HashTreeCollections
import QuakesData
import QuakesModel
import QuakesProtocol
import Testing

@testable import QuakesServer

/// The cache of encoded `quakes.list` results: bounded by bytes, least
/// recently used first out.
@Suite("ListCache: results bounded by bytes, least recently used dropped first")
struct ListCacheTests {
  /// The revision the results are for (an empty cache's).
  private let quakes = QuakesState().quakes.revision

  /// Params as `quakectl list --since 1d` makes them: new at every call.
  private func params(_ index: Int) -> ListParams {
    var filter = FilterParams()
    filter.since = String(
      format: "2026-11-22T%02d:%02d:%02d.%03dZ", index / 3_600_000, index / 60_000 % 60, index / 1_000 % 60,
      index % 1_000)
    return ListParams(filter: filter)
  }

  /// `bytes` of result, which the cache asks for on a miss.
  private func result(_ bytes: Int, computed: inout Int) -> Data {
    computed += 1
    return Data(count: bytes)
  }

  @Test("a relative since makes every call new params: the entries stay within the byte bound, not 256 of them")
  func relativeSinceStaysWithinTheBound() {
    let cache = ListCache(byteLimit: 4 << 20)
    var computed = 0
    for index in 0..<1_000 {
      _ = cache.result(for: self.params(index), over: self.quakes) { self.result(350_000, computed: &computed) }
      #expect(cache.byteCount <= 4 << 20)
    }
    #expect(computed == 1_000)
    let entryCost = ListCache.estimatedCost(of: self.params(0), result: Data(count: 350_000))
    #expect(cache.count == (4 << 20) / entryCost, "as many entries as fit, \(cache.count)")
    #expect(cache.byteCount == cache.count * entryCost)
  }

  @Test("the least recently used entry goes first: a result asked for again outlives those asked for once")
  func leastRecentlyUsedFirst() {
    let cache = ListCache(byteLimit: 1 << 20)
    var computed = 0
    func ask(_ index: Int) {
      _ = cache.result(for: self.params(index), over: self.quakes) { self.result(300_000, computed: &computed) }
    }
    ask(0)
    ask(1)
    ask(2)
    ask(0)  // a hit: 0 is now the most recently used
    #expect(computed == 3)
    ask(3)  // over the bound: 1 goes, the least recently used
    #expect(cache.count == 3)
    ask(0)
    ask(2)
    #expect(computed == 4, "0 and 2 were kept")
    ask(1)
    #expect(computed == 5, "1 was dropped")
  }

  @Test("a result larger than the whole bound is computed and served, not kept")
  func oversizedResultIsNotKept() {
    let cache = ListCache(byteLimit: 1 << 20)
    var computed = 0
    for _ in 0..<2 {
      let data = cache.result(for: self.params(0), over: self.quakes) { self.result(2 << 20, computed: &computed) }
      #expect(data.count == 2 << 20)
    }
    #expect(computed == 2)
    #expect(cache.count == 0 && cache.byteCount == 0)
  }

  @Test("an entry's cost counts its result, its params' text and a fixed overhead; removeAll gives it all back")
  func costs() {
    var filter = FilterParams()
    filter.search = "San José"
    filter.timeZone = "Europe/Rome"
    let params = ListParams(filter: filter)
    let cost = ListCache.estimatedCost(of: params, result: Data(count: 1_000))
    #expect(cost > 1_000 + "San José".utf8.count + "Europe/Rome".utf8.count)
    let cache = ListCache(byteLimit: 1 << 20)
    _ = cache.result(for: params, over: self.quakes) { Data(count: 1_000) }
    #expect(cache.byteCount == cost)
    cache.removeAll()
    #expect(cache.byteCount == 0 && cache.count == 0)
  }

  @Test("a within polygon counts in its entry's cost: a large polygon cannot hide in a small entry")
  func polygonCost() {
    let ring = NestedNumbers.list((0...1_000).map { .list([.number(Double($0 % 360) - 180), .number(0)]) })
    var filter = FilterParams()
    filter.within = GeometryParams(type: "Polygon", coordinates: .list([ring]))
    let cost = ListCache.estimatedCost(of: ListParams(filter: filter), result: Data(count: 10))
    #expect(cost >= 2_002 * 8)
  }
}

extension ListCache {
  /// The encoded result for `params` over `data`, computed by `compute` on
  /// a miss and kept: what the daemon does for a page of one line.
  fileprivate func result(
    for params: ListParams, over revision: Int, compute: () -> Data
  ) -> Data {
    if let result = self.cachedResult(for: params, at: revision) { return result }
    let result = compute()
    self.insert(result, for: params, at: revision)
    return result
  }
}
