import Foundation
import GRDB
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing
import USGSStandIn

/// A cursor over a query (``QuakesCursor``) gives the page the list
/// selector gives, a page at a time, from the snapshot it was opened on,
/// and gives its connection back when it is dropped.
///
/// `QUAKES_CURSOR_SEED` replays a run (every failure names its seed).
@Suite struct QuakesCursorTests {
  private static let defaultSeed: UInt64 = 0x4355_5253

  /// A store in a temporary file holding `quakes`.
  private static func store(holding quakes: [Quake], in directory: TemporaryDirectory) async throws
    -> SQLiteLocalStore
  {
    let store = try SQLiteLocalStore(path: directory.file())
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    return store
  }

  /// Every page of `cursor`, checking that each is neither empty nor
  /// longer than `pageSize`.
  private static func pages(of cursor: any QuakesCursor, pageSize: Int, _ context: String) async throws -> [[Quake]] {
    var pages: [[Quake]] = []
    while let page = try await cursor.next() {
      #expect(!page.isEmpty && page.count <= pageSize, "\(context): a page of \(page.count)")
      pages.append(page)
    }
    return pages
  }

  @Test("a cursor gives every random query's page as the selector does, in pages of the size asked")
  func sameAsTheSelector() async throws {
    let seed = ProcessInfo.processInfo.environment["QUAKES_CURSOR_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
    var random = SplitMix64(seed: seed)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let quakes = RandomCatalogue.quakes(count: 2_000, using: &random)
    let store = try await Self.store(holding: quakes, in: directory)
    let state = try QuakesReducer.reduce(
      state: QuakesState(),
      action: .data(
        .persistentSession(
          .localStore(.didFetchQuakes(result: .success(cache: try await store.fetchLocalQuakesQuery())))
        )))
    var failures = 0
    for index in 0..<200 where failures < 5 {
      var caseRandom = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
      let query = RandomQuery.query(using: &caseRandom)
      let pageSize = Int(caseRandom.next() % 300) + 1
      let context = "seed \(seed), case \(index), pages of \(pageSize)"
      let expected = state.selectQuakesPage(query).quakes
      let pages = try await Self.pages(
        of: try await store.quakesCursor(query, pageSize: pageSize), pageSize: pageSize, context)
      if pages.joined().map(\.id) != expected.map(\.id) || Array(pages.joined()) != expected {
        Issue.record("\(context): \(pages.joined().count) quakes, the selector \(expected.count)\n\(query)")
        failures += 1
      }
      let full = pages.dropLast().allSatisfy { $0.count == pageSize }
      #expect(full, "\(context): every page but the last is full")
    }
    try store.close()
  }

  @Test(
    "a cursor reads the cache as it was when it was opened: a delete in the middle of an answer changes nothing in it")
  func readsItsSnapshot() async throws {
    var random = SplitMix64(seed: Self.defaultSeed)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let quakes = RandomCatalogue.quakes(count: 1_000, using: &random)
    let store = try await Self.store(holding: quakes, in: directory)
    let cursor = try await store.quakesCursor(QuakesQuery(), pageSize: 100)
    let first = try #require(try await cursor.next())
    try await store.deleteLocalQuakesMutation()
    #expect(try await store.quakesCount(matching: QuakesQuery.Filter()) == 0, "the cache is empty now")
    var read = first.count
    while let page = try await cursor.next() { read += page.count }
    #expect(read == quakes.count, "the cursor read every quake of its snapshot")
    try store.close()
  }

  @Test("a cursor given up halfway gives its connection back: a checkpoint can then empty the log")
  func givenUpCursorLetsGo() async throws {
    var random = SplitMix64(seed: Self.defaultSeed)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try await Self.store(holding: RandomCatalogue.quakes(count: 1_000, using: &random), in: directory)
    var cursor: (any QuakesCursor)? = try await store.quakesCursor(QuakesQuery(), pageSize: 10)
    #expect(try await cursor?.next()?.count == 10)
    // A write after the cursor's snapshot: the log holds frames its reader may still need.
    try await store.deleteLocalQuakesMutation()
    let other = try DatabaseQueue(path: path)
    func checkpointIsBlocked() throws -> Bool {
      try other.writeWithoutTransaction { db in
        try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")?[0] as Int? == 1
      }
    }
    #expect(try checkpointIsBlocked(), "the open cursor's snapshot holds the log")
    cursor = nil
    let freed = try await poll(until: .now + .seconds(30), every: .milliseconds(20)) {
      try checkpointIsBlocked() ? nil : true
    }
    #expect(freed == true, "the dropped cursor's snapshot let the checkpoint through")
    try other.close()
    try store.close()
  }

  @Test("an in-memory store's cursor reads through its one connection")
  func inMemory() async throws {
    var random = SplitMix64(seed: Self.defaultSeed)
    let store = try SQLiteLocalStore.inMemory()
    let quakes = RandomCatalogue.quakes(count: 300, using: &random)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    let pages = try await Self.pages(
      of: try await store.quakesCursor(QuakesQuery(), pageSize: 128), pageSize: 128, "in memory")
    #expect(pages.map(\.count) == [128, 128, 44])
    #expect(Set(pages.joined().map(\.id)) == Set(quakes.map(\.id)))
  }
}
