import GRDB

/// Reads the columns of one row by their storage class, so that a value a
/// script wrote against the schema (text in `time`, a blob in `place`) is an
/// error naming the row and column, not a crash and not a silent 0.
struct RowReader {
  /// The row being read.
  let row: Row
  /// The table it comes from, for messages.
  let table: String
  /// The column names of the row, in order, for messages.
  let columns: [String]

  /// An INTEGER value (NULL is an error).
  func integer(_ index: Int) throws(ColumnValueError) -> Int64 {
    try self.required(self.optionalInteger(index), index)
  }

  /// An INTEGER value or NULL. A REAL without a fraction counts as INTEGER.
  func optionalInteger(_ index: Int) throws(ColumnValueError) -> Int64? {
    try self.decode(index) { storage in
      switch storage {
      case .int64(let value): value
      case .double(let value) where value == value.rounded() && abs(value) < 9e15: Int64(value)
      default: nil
      }
    }
  }

  /// An INTEGER value within `range` (NULL, or a value outside, is an error).
  func integer(_ index: Int, in range: ClosedRange<Int64>) throws(ColumnValueError) -> Int64 {
    let value = try self.integer(index)
    guard range.contains(value) else { throw self.error(index, "the integer \(value), outside \(range)") }
    return value
  }

  /// An INTEGER value within `range`, or NULL.
  func optionalInteger(_ index: Int, in range: ClosedRange<Int64>) throws(ColumnValueError) -> Int64? {
    guard let value = try self.optionalInteger(index) else { return nil }
    guard range.contains(value) else { throw self.error(index, "the integer \(value), outside \(range)") }
    return value
  }

  /// A REAL value within `range` (NULL, or a value outside, is an error).
  func real(_ index: Int, in range: ClosedRange<Double>) throws(ColumnValueError) -> Double {
    try self.required(self.optionalReal(index, in: range), index)
  }

  /// A REAL value within `range`, or NULL (NaN is outside every range).
  func optionalReal(_ index: Int, in range: ClosedRange<Double>) throws(ColumnValueError) -> Double? {
    guard let value = try self.optionalReal(index) else { return nil }
    guard range.contains(value) else { throw self.error(index, "the real \(value), outside \(range)") }
    return value
  }

  /// A REAL value (NULL is an error).
  func real(_ index: Int) throws(ColumnValueError) -> Double {
    try self.required(self.optionalReal(index), index)
  }

  /// A REAL value or NULL. An INTEGER counts as REAL.
  func optionalReal(_ index: Int) throws(ColumnValueError) -> Double? {
    try self.decode(index) { storage in
      switch storage {
      case .double(let value): value
      case .int64(let value): Double(value)
      default: nil
      }
    }
  }

  /// A TEXT value (NULL is an error).
  func text(_ index: Int) throws(ColumnValueError) -> String {
    try self.required(self.optionalText(index), index)
  }

  /// A TEXT value or NULL.
  func optionalText(_ index: Int) throws(ColumnValueError) -> String? {
    try self.decode(index) { storage in
      if case .string(let value) = storage { value } else { nil }
    }
  }

  /// An INTEGER value within `range`, or NULL, as an `Int`.
  func optionalInteger(_ index: Int, in range: ClosedRange<Int>) throws(ColumnValueError) -> Int? {
    try self.optionalInteger(index, in: Int64(range.lowerBound)...Int64(range.upperBound)).map { Int($0) }
  }

  /// A TEXT value that `parse` accepts, or NULL (text it refuses is an error).
  func optionalText<Value>(_ index: Int, as parse: (String) -> Value?) throws(ColumnValueError) -> Value? {
    guard let text = try self.optionalText(index) else { return nil }
    guard let value = parse(text) else { throw self.error(index, "the text '\(text.prefix(40))'") }
    return value
  }

  /// The value at `index` as `convert` makes it; `nil` for NULL.
  private func decode<Value>(
    _ index: Int,
    _ convert: (DatabaseValue.Storage) -> Value?
  ) throws(ColumnValueError) -> Value? {
    let storage = (self.row[index] as DatabaseValue).storage
    if case .null = storage { return nil }
    guard let value = convert(storage) else { throw self.error(index, Self.describe(storage)) }
    return value
  }

  private func required<Value>(_ value: Value?, _ index: Int) throws(ColumnValueError) -> Value {
    guard let value else { throw self.error(index, "NULL") }
    return value
  }

  private func error(_ index: Int, _ found: String) -> ColumnValueError {
    let key = (self.row[0] as DatabaseValue).description
    let column = index < self.columns.count ? self.columns[index] : "#\(index)"
    return ColumnValueError(description: "the row \(key) of table \(self.table) holds \(found) in column \(column)")
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
