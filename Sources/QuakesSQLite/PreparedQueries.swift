package import GRDB
import Synchronization

/// Keeps the statements of queries prepared on each reading connection
/// (GRDB's statement cache), so that asking the same shape of question
/// again skips SQLite's parser and GRDB's authorizer, which a profile of
/// 100-event FDSN pages found in 5% of quakesd's CPU.
///
/// A client chooses the shape of its filter, so the statements a
/// connection keeps are bounded: when it has kept ``limit`` distinct ones,
/// it drops them all and starts again. Only statements that call no
/// function of their query's own are kept (``QuakesQuerySQL/functions``):
/// those functions are registered for one read and removed after it.
package final class PreparedQueries: Sendable {
  /// The most statements one connection keeps.
  package let limit: Int
  /// The SQL each connection keeps a statement of.
  private let kept = Mutex<[ObjectIdentifier: Set<String>]>([:])

  package init(limit: Int = 64) {
    self.limit = limit
  }

  /// The statement of `sql` on `db`: kept from an earlier read, or
  /// prepared now and kept.
  ///
  /// - Throws: GRDB's error when `sql` cannot be prepared.
  package func statement(_ sql: String, in db: Database) throws -> Statement {
    let connection = ObjectIdentifier(db)
    let isFull = self.kept.withLock { kept in
      if kept[connection]?.contains(sql) == true { return false }
      let isFull = kept[connection, default: []].count >= self.limit
      if isFull { kept[connection] = [] }
      kept[connection, default: []].insert(sql)
      return isFull
    }
    // GRDB empties a connection's statement cache with its schema cache.
    if isFull { db.clearSchemaCache() }
    return try db.cachedStatement(sql: sql)
  }

  /// The statement of `sql`, one of `statements`': kept as
  /// ``statement(_:in:)`` keeps it when they call no function of their
  /// own, else prepared for this read alone.
  ///
  /// - Throws: GRDB's error when `sql` cannot be prepared.
  func statement(_ sql: String, of statements: QuakesQuerySQL, in db: Database) throws -> Statement {
    statements.functions.isEmpty ? try self.statement(sql, in: db) : try db.makeStatement(sql: sql)
  }

  /// How many statements `db` keeps now.
  package func count(in db: Database) -> Int {
    self.kept.withLock { $0[ObjectIdentifier(db)]?.count ?? 0 }
  }
}
