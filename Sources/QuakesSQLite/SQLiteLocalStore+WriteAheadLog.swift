import Foundation
import GRDB

/// The `-wal` file after a large batch. SQLite's automatic checkpoints copy
/// the log into the file, but only the first write after a checkpoint that
/// caught up with every reader starts the log again and cuts it to
/// `journal_size_limit`; a first ingest of a million quakes, followed by
/// polls that change nothing, left a 551 MB log beside a 548 MB database.
extension SQLiteLocalStore {
  /// The bytes of the database's `-wal` file; `nil` in memory or when there is none.
  package var writeAheadLogBytes: Int? {
    self.path.flatMap { (try? FileManager.default.attributesOfItem(atPath: $0 + "-wal"))?[.size] as? Int }
  }

  /// After a batch that left the log larger than
  /// ``Options/journalSizeLimit``: checkpoints it whole and cuts it to
  /// nothing (`wal_checkpoint(TRUNCATE)`), on the writer's connection,
  /// outside the batch's transaction. A reader still on an older snapshot
  /// (a backup, an export) makes SQLite give up after
  /// ``truncationPatience``, not the whole busy timeout, so the next write
  /// hardly waits; the log is then cut by a later batch, and nothing is
  /// lost either way.
  func truncateLargeWriteAheadLog(_ db: Database) {
    guard let bytes = self.writeAheadLogBytes, bytes > Options.journalSizeLimit else { return }
    let patience = Int(Self.truncationPatience * 1000)
    let milliseconds = (self.options.busyTimeout * 1000).rounded()
    let busyTimeout = milliseconds.isFinite ? Int(min(max(milliseconds, 0), 86_400_000)) : 5_000
    try? db.execute(sql: "PRAGMA busy_timeout = \(patience)")
    defer { try? db.execute(sql: "PRAGMA busy_timeout = \(busyTimeout)") }
    _ = try? Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// How long the checkpoint after a large batch waits for readers.
  static let truncationPatience: TimeInterval = 0.1
}
