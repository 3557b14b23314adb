package import GRDB
import GRDBSQLite

/// A read that gives up after a bounded time: SQLite's progress handler
/// looks at the clock every ``checkEvery`` instructions of its virtual
/// machine and interrupts the read once it has taken longer than asked.
/// A question that may be cheap or dear (a count: of the 981 quakes of M4+
/// in a million, or of all of them) is asked this way on the calling
/// thread first, and through the pool of readers only when it turns out
/// dear, so that a cheap one costs no hop to a reader's queue and back,
/// which took more than the count itself. A bound in time, not in
/// instructions: a condition that calls Swift for each row (a search
/// without a trigram) costs far more an instruction than a walk of an index.
package enum BoundedRead {
  /// About what a hop to a reader's queue and back costs: a count of a
  /// few thousand index entries takes less.
  package static let limit = Duration.microseconds(100)

  /// How many instructions between looks at the clock (a simple row of a
  /// count takes about five).
  static let checkEvery: Int32 = 200

  /// What `read` gives in `db`, or `nil` when it took longer than `limit`
  /// (it was interrupted, and left nothing behind).
  package static func value<T>(in db: Database, within limit: Duration, _ read: (Database) throws -> T) throws -> T? {
    guard limit > .zero else { return nil }
    let deadline = UnsafeMutablePointer<ContinuousClock.Instant>.allocate(capacity: 1)
    deadline.initialize(to: .now + limit)
    defer { deadline.deallocate() }
    let giveUpAfterDeadline: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
      guard let context else { return 1 }
      return ContinuousClock.now > context.assumingMemoryBound(to: ContinuousClock.Instant.self).pointee ? 1 : 0
    }
    sqlite3_progress_handler(db.sqliteConnection, Self.checkEvery, giveUpAfterDeadline, deadline)
    defer { sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) }
    do {
      return try read(db)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
      return nil
    }
  }
}
