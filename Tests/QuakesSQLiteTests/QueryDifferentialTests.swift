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
      if let difference = Self.difference(expected, actual) {
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

  /// What differs between the selector's page and the database's, or `nil`:
  /// the count (`nil` when not counted), whether more match, the ids in order, any field of a quake, the origin, or a
  /// distance or bearing to the last bit.
  private static func difference(_ expected: QuakesPage, _ actual: QuakesPage) -> String? {
    if expected.matched != actual.matched {
      return "matched \(String(describing: actual.matched)), the selector \(String(describing: expected.matched))"
    }
    if expected.hasMore != actual.hasMore {
      return "hasMore \(actual.hasMore), the selector \(expected.hasMore)"
    }
    let expectedIds = expected.quakes.map(\.id)
    let actualIds = actual.quakes.map(\.id)
    if expectedIds != actualIds {
      let first = zip(expectedIds, actualIds).prefix { $0 == $1 }.count
      return """
        ids differ from rank \(first) on: \(actualIds.dropFirst(first).prefix(5)), \
        the selector \(expectedIds.dropFirst(first).prefix(5)) (\(actualIds.count) and \(expectedIds.count) quakes)
        """
    }
    if expected.quakes != actual.quakes { return "a quake's fields differ" }
    if expected.origin != actual.origin { return "origin \(String(describing: actual.origin))" }
    guard let origin = expected.origin else { return nil }
    for (left, right) in zip(expected.quakes, actual.quakes) {
      let distances = [left, right].map { Earth.distanceKm(origin, $0.epicentre).bitPattern }
      let bearings = [left, right].map { Earth.bearing(from: origin, to: $0.epicentre).bitPattern }
      if distances[0] != distances[1] || bearings[0] != bearings[1] {
        return "the distance or bearing of \(left.id) differs"
      }
    }
    return nil
  }
}
