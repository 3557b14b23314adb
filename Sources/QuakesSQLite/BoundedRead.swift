package import GRDB
import GRDBSQLite

/// A read that gives up after a bounded amount of work: SQLite's progress
/// handler interrupts it after ``steps`` of its virtual machine's
/// instructions. A question that may be cheap or dear (a count: of the
/// 981 quakes of M4+ in a million, or of all of them) is asked this way on
/// the calling thread first, and through the pool of readers only when it
/// turns out dear, so that a cheap one costs no hop to a reader's queue
/// and back, which took more than the count itself.
package enum BoundedRead {
  /// About 100 µs of work here: a count walks a few thousand index
  /// entries within it.
  package static let steps: Int32 = 60_000

  /// What `read` gives in `db`, or `nil` when it took more than `steps`
  /// instructions of SQLite's (it was interrupted, and left nothing behind).
  package static func value<T>(in db: Database, steps: Int32, _ read: (Database) throws -> T) throws -> T? {
    guard steps > 0 else { return nil }
    let giveUp: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { _ in 1 }
    sqlite3_progress_handler(db.sqliteConnection, steps, giveUp, nil)
    defer { sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) }
    do {
      return try read(db)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
      return nil
    }
  }
}
