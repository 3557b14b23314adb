import Foundation
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
