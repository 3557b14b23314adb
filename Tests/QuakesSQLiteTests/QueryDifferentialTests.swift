import Foundation
import QuakesData
import QuakesModel
import QuakesTestSupport
import Testing
import USGSStandIn

@testable import QuakesSQLite

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
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, state) = try await Self.catalogue(seed: seed, in: directory)
    try #require(state.selectQuakesCount() == Self.catalogueSize, "seed \(seed)")

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

  @Test("the newest or oldest few bounded in time alone, read on the calling thread, as the list selector reads them")
  func briefWalksOfTime() async throws {
    let seed = Self.environment("QUAKES_SQL_DIFFERENTIAL_SEED").flatMap { UInt64($0) } ?? Self.defaultSeed
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, state) = try await Self.catalogue(seed: seed, in: directory)
    var failures = 0
    for index in 0..<300 where failures < 5 {
      var caseRandom = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
      let query = RandomQuery.briefWalkOfTime(using: &caseRandom)
      try #require(SQLiteLocalStore.isBriefWalkOfTime(query), "seed \(seed), case \(index): \(query)")
      var expected = state.selectQuakesPage(query)
      expected.matched = nil
      let actual = try await store.quakesPage(query, countingMatches: false)
      if let difference = actual.difference(from: expected) {
        Issue.record("seed \(seed), case \(index): \(difference)\n\(query)")
        failures += 1
      }
    }
    // Any other filter, no limit, a large one, or another order is read off the calling thread.
    var filtered = QuakesQuery(limit: 10)
    filtered.filter.minMagnitude = 4
    for other in [
      filtered, QuakesQuery(limit: nil), QuakesQuery(limit: -1), QuakesQuery(limit: 900, offset: 200),
      QuakesQuery(sort: .magnitude, limit: 10), QuakesQuery(limit: .max, offset: 1),
      QuakesQuery(limit: 1, offset: .max),
    ] {
      #expect(!SQLiteLocalStore.isBriefWalkOfTime(other), "\(other)")
    }
    // A client's limit and offset may be any integers: asked, not trapped on.
    let huge = try await store.quakesPage(QuakesQuery(limit: .max, offset: 1), countingMatches: false)
    #expect(huge.quakes.count == Self.catalogueSize - 1)
    try store.close()
  }

  @Test(
    "a page with some quakes named by id alone: the selector's quakes in its order, those kept by id, the others whole")
  func sparsePages() async throws {
    let seed = Self.environment("QUAKES_SQL_DIFFERENTIAL_SEED").flatMap { UInt64($0) } ?? Self.defaultSeed
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, state) = try await Self.catalogue(seed: seed, in: directory)
    var failures = 0
    var kept = 0
    for index in 0..<500 where failures < 5 {
      var caseRandom = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
      let query =
        caseRandom.chance(0.3) ? RandomQuery.briefWalkOfTime(using: &caseRandom) : RandomQuery.query(using: &caseRandom)
      // About half the quakes are kept, by a hash of the id and the case.
      let salt = caseRandom.next()
      let isKept: @Sendable (Quake.ID) -> Bool = { id in
        id.utf8.reduce(salt) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 } % 2 == 0
      }
      let expected = state.selectQuakesPage(query)
      let actual = try await store.quakesPage(query, keeping: isKept)
      let wanted = expected.quakes.map { isKept($0.id) ? QuakesSparsePage.Entry.kept($0.id) : .read($0) }
      kept += wanted.count { if case .kept = $0 { true } else { false } }
      if actual.entries.map(\.id) != expected.quakes.map(\.id) || actual.hasMore != expected.hasMore {
        Issue.record("seed \(seed), case \(index): ids or hasMore differ\n\(query)")
        failures += 1
      } else if actual.entries != wanted {
        let read = zip(actual.entries, wanted).first { $0 != $1 }
        Issue.record("seed \(seed), case \(index): \(String(describing: read))\n\(query)")
        failures += 1
      }
    }
    #expect(kept > 1_000, "seed \(seed): the cases kept \(kept) quakes by id")
    try store.close()
  }

  @Test(
    "counts on the calling thread within a bound of time, through the pool past it: the count selector's",
    arguments: [Duration.zero, .nanoseconds(1), .microseconds(30), BoundedRead.limit, .seconds(10)])
  func boundedCounts(limit: Duration) async throws {
    let seed = Self.environment("QUAKES_SQL_DIFFERENTIAL_SEED").flatMap { UInt64($0) } ?? Self.defaultSeed
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (written, state) = try await Self.catalogue(seed: seed, in: directory)
    try written.close()
    let store = try SQLiteLocalStore(
      path: directory.file(), options: SQLiteLocalStore.Options(countTimeOnThisThread: limit))
    var failures = 0
    let cases = 300
    // A count of every row is one instruction of SQLite's, which no bound
    // interrupts: it is never tried on the calling thread.
    var everyRow = 0
    for index in 0..<cases where failures < 5 {
      var caseRandom = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
      let filter = RandomQuery.query(using: &caseRandom).filter
      if QuakesQuerySQL(QuakesQuery(filter: filter)).countsEveryRow { everyRow += 1 }
      let expected = state.selectQuakesCount(matching: filter)
      let actual = try await store.quakesCount(matching: filter)
      if actual != expected {
        Issue.record("seed \(seed), case \(index), within \(limit): \(actual) counted, \(expected) expected\n\(filter)")
        failures += 1
      }
    }
    // Each case is asked alone, so a calling-thread connection is free for each.
    let onThisThread = store.countsReadOnThisThread
    switch limit {
    case .zero: #expect(onThisThread == 0, "no time: every count through the pool")
    case .nanoseconds(1):
      #expect(onThisThread < cases - everyRow, "all but the briefest interrupted: \(onThisThread) of \(cases)")
    case .seconds(10):
      #expect(everyRow > 0, "the cases hold counts of every row")
      #expect(onThisThread == cases - everyRow, "time enough: every count but of every row on the calling thread")
    case BoundedRead.limit: #expect(onThisThread > 0, "\(onThisThread) of \(cases) counted on the calling thread")
    default: break  // as many as a busy machine allows: the counts are what this case checks
    }
    try store.close()
  }

  /// A store in `directory` holding the random catalogue of `seed`, and
  /// the state the daemon makes of it.
  private static func catalogue(seed: UInt64, in directory: TemporaryDirectory) async throws
    -> (SQLiteLocalStore, QuakesState)
  {
    var random = SplitMix64(seed: seed)
    let store = try SQLiteLocalStore(path: directory.file())
    let quakes = RandomCatalogue.quakes(count: Self.catalogueSize, using: &random)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    return (store, try await Self.loadedState(from: store))
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
