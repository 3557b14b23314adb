import Foundation
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing
import USGSStandIn

/// The database answers a list query exactly as the in-memory list
/// selector does (issue 32's first step): on a random catalogue written
/// through the store and loaded as the daemon loads it, random queries get
/// the same quakes, in the same order, with the same count of matches and
/// the same distances and bearings, from both.
///
/// `QUAKES_SQL_DIFFERENTIAL_SEED` replays a run (every failure names its
/// seed); `QUAKES_SQL_DIFFERENTIAL_CASES` sets how many queries a run asks.
@Suite struct QueryDifferentialTests {
  /// Quakes in the catalogue.
  private static let catalogueSize = 3_000
  /// Queries a run asks unless `QUAKES_SQL_DIFFERENTIAL_CASES` says otherwise.
  private static let defaultCases = 2_000
  /// The seed unless `QUAKES_SQL_DIFFERENTIAL_SEED` says otherwise.
  private static let defaultSeed: UInt64 = 0x5153_4C32

  private static func environment(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name]
  }

  @Test("SQLite answers every random query as the list selector does")
  func databaseAnswersAsTheSelector() async throws {
    let seed = Self.environment("QUAKES_SQL_DIFFERENTIAL_SEED").flatMap { UInt64($0) } ?? Self.defaultSeed
    let cases = Self.environment("QUAKES_SQL_DIFFERENTIAL_CASES").flatMap { Int($0) } ?? Self.defaultCases
    var random = SplitMix64(seed: seed)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    let quakes = RandomCatalogue.quakes(count: Self.catalogueSize, using: &random)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    let state = try await Self.loadedState(from: store)
    try #require(state.selectQuakesCount() == quakes.count, "seed \(seed)")

    var failures = 0
    for index in 0..<cases {
      // Each case has a generator of its own, so that it replays alone.
      var caseRandom = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
      let query = RandomQuery.query(using: &caseRandom)
      let counting = caseRandom.next() % 2 == 0
      var expected = state.selectQuakesPage(query)
      if !counting { expected.matched = nil }
      let actual: QuakesPage
      do {
        actual = try await store.quakesPage(query, countingMatches: counting)
      } catch {
        Issue.record("seed \(seed), case \(index): \(error)\n\(query)")
        failures += 1
        if failures == 5 { break }
        continue
      }
      if let difference = actual.difference(from: expected) {
        Issue.record("seed \(seed), case \(index) (counting: \(counting)): \(difference)\n\(query)")
        failures += 1
        if failures == 5 { break }
      }
    }
    try store.close()
  }

  /// The state the daemon makes of what the store holds: its load action,
  /// through the reducer.
  private static func loadedState(from store: SQLiteLocalStore) async throws -> QuakesState {
    let cache = try await store.fetchLocalQuakesQuery()
    return try QuakesReducer.reduce(
      state: QuakesState(),
      action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(cache: cache))))))
  }
}
