import GRDB

/// Reads the columns of one row by their storage class, so that a value a
/// script wrote against the schema (text in `time`, a blob in `place`) is an
/// error naming the row and column, not a crash and not a silent 0.
struct RowReader {
  /// Where the row's values are.
  private enum Source {
    /// A row GRDB made.
    case row(Row)
    /// The current row of a statement being stepped, read column by column
    /// with SQLite's own functions: no `Row`, and none of GRDB's generic
    /// decoding, which was most of the time a page of quakes took to read
    /// (a profile of FDSN queries, docs/benchmarks-analysis.md).
    case statement(SQLiteStatement)
  }

  private let source: Source
  /// The table it comes from, for messages.
  let table: String
  /// The column names of the row, in order, for messages.
  let columns: [String]

  /// Reads `row`, of `table`, whose columns `columns` names in order.
  init(row: Row, table: String, columns: [String]) {
    self.source = .row(row)
    self.table = table
    self.columns = columns
  }

  /// Reads the row `statement` has just stepped to (it stays there while
  /// the reader is used), of `table`, whose columns `columns` names in order.
  init(statement: Statement, table: String, columns: [String]) {
    self.source = .statement(statement.sqliteStatement)
    self.table = table
    self.columns = columns
  }

  /// An INTEGER value (NULL is an error).
  func integer(_ column: some ColumnIndex) throws(ColumnValueError) -> Int64 {
    try self.required(self.optionalInteger(column), column)
  }

  /// An INTEGER value or NULL. A REAL without a fraction counts as INTEGER.
  func optionalInteger(_ column: some ColumnIndex) throws(ColumnValueError) -> Int64? {
    try self.decode(column) { storage in
      switch storage {
      case .int64(let value): value
      case .double(let value) where value == value.rounded() && abs(value) < 9e15: Int64(value)
      default: nil
      }
    }
  }

  /// An INTEGER value within `range` (NULL, or a value outside, is an error).
  func integer(_ column: some ColumnIndex, in range: ClosedRange<Int64>) throws(ColumnValueError) -> Int64 {
    let value = try self.integer(column)
    guard range.contains(value) else { throw self.error(column, "the integer \(value), outside \(range)") }
    return value
  }

  /// An INTEGER value within `range`, or NULL.
  func optionalInteger(_ column: some ColumnIndex, in range: ClosedRange<Int64>) throws(ColumnValueError) -> Int64? {
    guard let value = try self.optionalInteger(column) else { return nil }
    guard range.contains(value) else { throw self.error(column, "the integer \(value), outside \(range)") }
    return value
  }

  /// A REAL value within `range` (NULL, or a value outside, is an error).
  func real(_ column: some ColumnIndex, in range: ClosedRange<Double>) throws(ColumnValueError) -> Double {
    try self.required(self.optionalReal(column, in: range), column)
  }

  /// A REAL value within `range`, or NULL (NaN is outside every range).
  func optionalReal(_ column: some ColumnIndex, in range: ClosedRange<Double>) throws(ColumnValueError) -> Double? {
    guard let value = try self.optionalReal(column) else { return nil }
    guard range.contains(value) else { throw self.error(column, "the real \(value), outside \(range)") }
    return value
  }

  /// A REAL value (NULL is an error).
  func real(_ column: some ColumnIndex) throws(ColumnValueError) -> Double {
    try self.required(self.optionalReal(column), column)
  }

  /// A REAL value or NULL. An INTEGER counts as REAL.
  func optionalReal(_ column: some ColumnIndex) throws(ColumnValueError) -> Double? {
    try self.decode(column) { storage in
      switch storage {
      case .double(let value): value
      case .int64(let value): Double(value)
      default: nil
      }
    }
  }

  /// A TEXT value (NULL is an error).
  func text(_ column: some ColumnIndex) throws(ColumnValueError) -> String {
    try self.required(self.optionalText(column), column)
  }

  /// A TEXT value or NULL.
  func optionalText(_ column: some ColumnIndex) throws(ColumnValueError) -> String? {
    try self.decode(column) { storage in
      if case .string(let value) = storage { value } else { nil }
    }
  }

  /// An INTEGER value within `range`, or NULL, as an `Int`.
  func optionalInteger(_ column: some ColumnIndex, in range: ClosedRange<Int>) throws(ColumnValueError) -> Int? {
    try self.optionalInteger(column, in: Int64(range.lowerBound)...Int64(range.upperBound)).map { Int($0) }
  }

  /// A TEXT value that `parse` accepts, or NULL (text it refuses is an error).
  func optionalText<Value>(_ column: some ColumnIndex, as parse: (String) -> Value?) throws(ColumnValueError) -> Value?
  {
    guard let text = try self.optionalText(column) else { return nil }
    guard let value = parse(text) else { throw self.error(column, "the text '\(text.prefix(40))'") }
    return value
  }

  /// The value at `column` as `convert` makes it; `nil` for NULL.
  private func decode<Value>(
    _ column: some ColumnIndex,
    _ convert: (DatabaseValue.Storage) -> Value?
  ) throws(ColumnValueError) -> Value? {
    let storage = self.value(at: column.position).storage
    if case .null = storage { return nil }
    guard let value = convert(storage) else { throw self.error(column, Self.describe(storage)) }
    return value
  }

  private func required<Value>(_ value: Value?, _ column: some ColumnIndex) throws(ColumnValueError) -> Value {
    guard let value else { throw self.error(column, "NULL") }
    return value
  }

  private func value(at position: Int) -> DatabaseValue {
    switch self.source {
    case .row(let row): row[position]
    case .statement(let statement): DatabaseValue(sqliteStatement: statement, index: CInt(position))
    }
  }

  private func error(_ column: some ColumnIndex, _ found: String) -> ColumnValueError {
    let key = self.value(at: 0).description
    let name = column.name(in: self.columns)
    return ColumnValueError(description: "the row \(key) of table \(self.table) holds \(found) in column \(name)")
  }

  private static func describe(_ storage: DatabaseValue.Storage) -> String {
    switch storage {
    case .null: "NULL"
    case .int64(let value): "the integer \(value)"
    case .double(let value): "the real \(value)"
    case .string(let value): "the text '\(value.prefix(40))'"
    case .blob(let value): "a blob of \(value.count) bytes"
    }
  }
}

/// A column of a row: by its position (`Int`, for the tables read in a
/// fixed order), or by its name (a table's own column enum, as the
/// `quakes` table's ``QuakesTable/Column``).
protocol ColumnIndex {
  /// The column's position in the row.
  var position: Int { get }
  /// The column's name, for messages; `columns` names the row's columns in order.
  func name(in columns: [String]) -> String
}

extension Int: ColumnIndex {
  var position: Int { self }

  func name(in columns: [String]) -> String {
    self < columns.count ? columns[self] : "#\(self)"
  }
}
