import Foundation
import QuakesData
import QuakesModel
import QuakesPostgres
import QuakesTestSupport
import Testing
import USGSStandIn

/// The PostgreSQL store answers a list query exactly as the in-memory list
/// selector does, as the SQLite file does (`QueryDifferentialTests`): on a
/// random catalogue written through the store and loaded as the daemon
/// loads it, random queries get the same page (quakes, order, count,
/// whether more match), the same count, and, through a cursor, the same
/// quakes a page at a time.
///
/// `QUAKES_PG_DIFFERENTIAL_SEED` replays a run (every failure names its
/// seed); `QUAKES_PG_DIFFERENTIAL_CASES` sets how many queries a run asks.
@Suite(
  .enabled(if: PostgresCluster.programs != nil, Comment(rawValue: PostgresCluster.absent)), .serialized,
  .timeLimit(.minutes(5)))
struct PostgresQueryDifferentialTests {
  private static let catalogueSize = 3_000
  private static let defaultCases = 600
  private static let defaultSeed: UInt64 = 0x5047_5351

  private static func environment(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name]
  }

  @Test("PostgreSQL answers every random query as the list selector does")
  func storeAnswersAsTheSelector() async throws {
    let seed = Self.environment("QUAKES_PG_DIFFERENTIAL_SEED").flatMap { UInt64($0) } ?? Self.defaultSeed
    let cases = Self.environment("QUAKES_PG_DIFFERENTIAL_CASES").flatMap { Int($0) } ?? Self.defaultCases
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let local = try await PostgresLocalStoreTests.leading(store)
      var random = SplitMix64(seed: seed)
      let quakes = RandomCatalogue.quakes(count: Self.catalogueSize, using: &random)
      try await local.didFetchRemoteQuakesMutation(
        feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
      let state = try await PostgresLocalStoreTests.loadedState(from: local)
      try #require(state.selectQuakesCount() == quakes.count, "seed \(seed)")

      var failures = 0
      for index in 0..<cases where failures < 5 {
        var caseRandom = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
        let query = RandomQuery.query(using: &caseRandom)
        let counting = caseRandom.next() % 2 == 0
        var expected = state.selectQuakesPage(query)
        if !counting { expected.matched = nil }
        do {
          let actual = try await local.quakesPage(query, countingMatches: counting)
          if let difference = actual.difference(from: expected) {
            Issue.record("seed \(seed), case \(index) (counting: \(counting)): \(difference)\n\(query)")
            failures += 1
          }
          let count = try await local.quakesCount(matching: query.filter)
          if count != state.selectQuakesCount(matching: query.filter) {
            Issue.record("seed \(seed), case \(index): count \(count)\n\(query)")
            failures += 1
          }
          if index % 10 == 0 {
            let pageSize = 1 + Int(caseRandom.next() % 40)
            let cursor = try await local.quakesCursor(query, pageSize: pageSize)
            var read: [Quake] = []
            while let page = try await cursor.next() {
              if page.isEmpty || page.count > pageSize { Issue.record("a page of \(page.count) of \(pageSize)") }
              read += page
            }
            let all = query.limit == nil ? expected.quakes : state.selectQuakesPage(query).quakes
            if read.map(\.id) != all.map(\.id) {
              Issue.record("seed \(seed), case \(index): the cursor read \(read.count), not \(all.count)\n\(query)")
              failures += 1
            }
          }
        } catch {
          Issue.record("seed \(seed), case \(index): \(error)\n\(query)")
          failures += 1
        }
      }
      await store.close()
    }
  }
}
