import GRDB
import QuakesModel

/// The quakes a statement selects (``QuakesTable/columns``, in order), one
/// at a time as it steps: each read from the statement's current row
/// (``QuakesTable/quake(at:)``), never through a GRDB `Row`.
struct QuakeRows {
  private let statement: Statement
  private let rows: RowCursor

  /// Steps `statement` with `arguments`.
  ///
  /// - Throws: GRDB's error when the arguments do not fit the statement.
  init(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws {
    self.statement = statement
    self.rows = try Row.fetchCursor(statement, arguments: arguments)
  }

  /// Prepares `sql` in `db` and steps it with `arguments`.
  ///
  /// - Throws: GRDB's error when `sql` cannot be prepared, or the
  ///   arguments do not fit it.
  init(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws {
    try self.init(db.makeStatement(sql: sql), arguments: arguments)
  }

  /// The next quake; `nil` after the last.
  ///
  /// - Throws: GRDB's error when the database cannot be read, and
  ///   ``ColumnValueError`` for a row the store cannot read back.
  func next() throws -> Quake? {
    guard try self.rows.next() != nil else { return nil }
    return try QuakesTable.quake(at: self.statement)
  }
}
