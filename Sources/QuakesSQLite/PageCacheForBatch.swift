import GRDB

/// A page cache sized for one large batch, for the length of its
/// transaction, then SQLite's default again with the memory given back.
///
/// With the default cache (2 MiB), a batch larger than the cache spills
/// dirty pages into the `-wal` file in the middle of the transaction and
/// reads them back for the next rows: a first poll of 100,000 quakes spent
/// most of its time in `read` and `write` system calls (see
/// docs/benchmarks-analysis.md). A cache that holds the batch's pages keeps
/// that work in memory; the daemon keeps its small resident size between
/// batches.
struct PageCacheForBatch {
  /// Batches up to this many rows keep the default cache.
  static let threshold = 2_000
  /// SQLite's default `cache_size`: 2,000 KiB.
  static let defaultKibibytes = 2_000
  /// The cache is never made larger than this (KiB).
  static let maximumKibibytes = 128 * 1_024

  private let enlarged: Bool

  /// Enlarges the cache of `db` when a batch of `rows` rows needs it: about
  /// 1 KiB per row (the row and its two index entries, with page slack).
  init(_ db: Database, rows: Int) throws {
    self.enlarged = rows > Self.threshold
    if self.enlarged {
      try db.execute(sql: "PRAGMA cache_size = -\(min(Self.maximumKibibytes, max(Self.defaultKibibytes, rows)))")
    }
  }

  /// Back to the default size, and the pages beyond it freed.
  func restore(_ db: Database) {
    guard self.enlarged else { return }
    try? db.execute(sql: "PRAGMA cache_size = -\(Self.defaultKibibytes)")
    try? db.execute(sql: "PRAGMA shrink_memory")
  }
}
