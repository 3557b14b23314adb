import QuakesSQLite
import QuakesTestSupport
import Testing

/// The page cache of the connections that answer queries is what
/// `database-cache` says, shared among them; the writer keeps SQLite's default.
@Suite struct PageCacheTests {
  @Test("each of the 6 reading connections gets its share of the bound, in KiB; the writer keeps 2,000 KiB")
  func readersShareTheBound() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The largest size the key takes is more than SQLite's 32-bit setting holds: 1 TiB a connection.
    for (bytes, kibibytes) in [
      (8 << 20, 1_365), (SQLiteLocalStore.defaultPageCacheBytes, 2_730), (100, 1), (Int.max, 1 << 30),
    ] {
      let store = try SQLiteLocalStore(path: directory.file("cache-\(bytes).sqlite"), pageCacheBytes: bytes)
      defer { try? store.close() }
      #expect(store.pageCacheBytes == bytes)
      let sizes = try await store.cacheSizes()
      #expect(sizes.reading == -kibibytes, "\(bytes) bytes")
      #expect(sizes.writing == -2_000)
    }
  }
}
