import Foundation
import GRDB
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// A batch larger than SQLite's default page cache (a first poll of
/// `all_month`) is written whole, in any order it comes in, and the page
/// cache enlarged for it is given back afterwards.
@Suite struct LargeBatchTests {
  private let record = FeedRecord(generated: Timestamp.date(milliseconds: 1_700_000_000_000))

  @Test func aLargeBatchIsWrittenWholeAndTheCacheReturnsToTheDefault() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    let defaultCache = try await store.writerPageCacheSize()
    // Ids in descending order: the store writes them sorted, and all of them.
    let quakes = Quake.samples(5_000).reversed()
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: self.record, diff: QuakesDiff(inserted: Array(quakes)))

    #expect(Set(try await store.fetchLocalQuakesQuery().quakes) == Set(quakes))
    #expect(try await store.writerPageCacheSize() == defaultCache)
    #expect(defaultCache == -2_000, "SQLite's default page cache: 2,000 KiB")
    try store.close()
  }

  @Test("a batch that at least doubles the table sets the indexes aside; a smaller one keeps them up")
  func whenTheIndexesAreSetAside() {
    let threshold = IndexesSetAside.threshold
    #expect(IndexesSetAside.applies(inserting: threshold, holding: 0))
    #expect(IndexesSetAside.applies(inserting: threshold, holding: threshold))
    #expect(!IndexesSetAside.applies(inserting: threshold - 1, holding: 0), "a small first batch")
    #expect(!IndexesSetAside.applies(inserting: threshold, holding: threshold + 1), "a window into a larger history")
  }

  @Test("a first batch written with its indexes set aside leaves every index, as defined and complete")
  func aFirstBatchRebuildsItsIndexes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try SQLiteLocalStore(path: directory.file("fresh.sqlite")).close()
    let fresh = try Self.indexDefinitions(at: directory.file("fresh.sqlite"))
    let store = try SQLiteLocalStore(path: directory.file())
    let quakes = Quake.samples(IndexesSetAside.threshold)
    #expect(IndexesSetAside.applies(inserting: quakes.count, holding: 0))
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: self.record, diff: QuakesDiff(inserted: quakes))

    #expect(try Self.indexDefinitions(at: directory.file()) == fresh)
    #expect(fresh.count >= 15, "the secondary indexes of quakes: \(fresh.keys.sorted())")
    let checked = try await DatabaseQueue(path: directory.file()).read { db in
      try String.fetchAll(db, sql: "PRAGMA integrity_check")
    }
    #expect(checked == ["ok"], "each index holds exactly the table's rows")
    #expect(try await store.fetchLocalQuakesQuery().quakes.count == quakes.count)
    try store.close()
  }

  /// The name and `CREATE INDEX` statement of each index of `quakes` in the file at `path`.
  static func indexDefinitions(at path: String) throws -> [String: String] {
    try DatabaseQueue(path: path).read { db in
      try Dictionary(
        uniqueKeysWithValues: Row.fetchAll(
          db,
          sql: "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'quakes' AND sql IS NOT NULL"
        ).map { ($0["name"], $0["sql"]) })
    }
  }

  @Test("a batch larger than the log's limit leaves no large -wal file behind, while the store stays open")
  func aLargeBatchLeavesASmallLog() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    let quakes = Quake.samples(40_000)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: self.record, diff: QuakesDiff(inserted: quakes))
    let database = try #require(
      try FileManager.default.attributesOfItem(atPath: directory.file())[.size] as? Int)
    #expect(database > 8 << 20, "the batch wrote more pages than the log may keep: \(database) bytes")
    #expect((store.writeAheadLogBytes ?? 0) <= 8 << 20, "\(store.writeAheadLogBytes ?? 0) bytes of log")
    #expect(try await store.fetchLocalQuakesQuery().quakes.count == 40_000)
    try store.close()
  }
}
