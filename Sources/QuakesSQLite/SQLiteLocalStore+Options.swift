package import Foundation
import GRDB

extension SQLiteLocalStore {
  /// How the store opens its connections. The public initializers take the
  /// busy timeout; the rest is for tests and benchmarks.
  package struct Options: Sendable {
    /// How long a write waits for a lock another process holds before it
    /// fails with ``SQLiteLocalStoreError/Kind/locked``.
    package var busyTimeout: TimeInterval
    /// `PRAGMA max_page_count` of every connection, when set: a cap on the
    /// file's size in pages, which makes SQLite answer `SQLITE_FULL` as a
    /// full disk would (tests use it to simulate one).
    package var maximumPageCount: Int?
    /// The page cache of the reading connections together, in bytes: each
    /// of the ``maximumReaders`` and of the ``ThisThreadReaders`` gets its share (at least SQLite's least,
    /// 10 pages). The writer keeps SQLite's default between batches and
    /// grows it for a large one (``PageCacheForBatch``).
    package var pageCacheBytes: Int
    /// How long a count may take on the calling thread before it is asked
    /// through the pool instead (``BoundedRead``); zero counts through the
    /// pool alone.
    package var countTimeOnThisThread: Duration

    /// Creates options.
    package init(
      busyTimeout: TimeInterval = SQLiteLocalStore.defaultBusyTimeout, maximumPageCount: Int? = nil,
      pageCacheBytes: Int = SQLiteLocalStore.defaultPageCacheBytes,
      countTimeOnThisThread: Duration = BoundedRead.limit
    ) {
      self.busyTimeout = busyTimeout
      self.maximumPageCount = maximumPageCount
      self.pageCacheBytes = pageCacheBytes
      self.countTimeOnThisThread = countTimeOnThisThread
    }

    /// How many read-only connections answer queries at once.
    static let maximumReaders = 4

    /// The `cache_size` of each reading connection (the pool's and
    /// ``ThisThreadReaders``'), in KiB: at least 1, and at most 1 TiB,
    /// which SQLite's 32-bit setting holds.
    var readerCacheKibibytes: Int {
      let readers = Self.maximumReaders + ThisThreadReaders.count
      return Swift.min(Swift.max(1, self.pageCacheBytes / readers / 1024), 1 << 30)
    }

    /// The size the `-wal` file is truncated to after a checkpoint, so that
    /// one large batch does not leave a large file behind.
    static let journalSizeLimit = 8 * 1024 * 1024

    /// The GRDB configuration of the store's connections.
    func configuration(readonly: Bool = false) -> Configuration {
      var configuration = Configuration()
      configuration.readonly = readonly
      configuration.label = "quakesd"
      configuration.busyMode = .timeout(self.busyTimeout)
      configuration.maximumReaderCount = Self.maximumReaders
      let maximumPageCount = self.maximumPageCount
      let readerCacheKibibytes = self.readerCacheKibibytes
      configuration.prepareDatabase { db in
        if db.configuration.readonly {
          try db.execute(sql: "PRAGMA cache_size = -\(readerCacheKibibytes)")
        }
        if let maximumPageCount {
          try db.execute(sql: "PRAGMA max_page_count = \(maximumPageCount)")
        }
        try db.execute(sql: "PRAGMA journal_size_limit = \(Self.journalSizeLimit)")
        // The Swift code the list filter shares with the selectors
        // (SQLiteLocalStore.quakesPage), on every connection.
        for function in QueryFunctions.always { db.add(function: function) }
      }
      return configuration
    }
  }
}
