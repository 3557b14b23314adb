import PostgresNIO

/// Reads the columns of one row of the store, each checked: a value of the
/// wrong type, NULL where a value must be, or a value outside the range a
/// quake can have (a row a script wrote against the schema) is a
/// ``PostgresStoreError`` naming the table, the row and the column, never
/// a crash nor a silent default.
struct PostgresRowReader {
  private let cells: PostgresRandomAccessRow
  private let table: String
  private let columns: [String]
  /// How the row is named in errors, once its key is read.
  private var rowName = "a row"

  init(_ row: PostgresRow, table: String, columns: [String]) {
    self.cells = PostgresRandomAccessRow(row)
    self.table = table
    self.columns = columns
  }

  /// Names the row by its key in the errors of the columns read after.
  mutating func name(_ key: String) {
    self.rowName = "the row '\(key.prefix(60))'"
  }

  func text(_ index: Int) throws -> String {
    try self.required(self.optionalText(index), index)
  }

  func optionalText(_ index: Int) throws -> String? {
    try self.decode(String?.self, index)
  }

  func integer(_ index: Int, in range: ClosedRange<Int64>) throws -> Int64 {
    try self.required(self.optionalInteger(index, in: range), index)
  }

  func optionalInteger(_ index: Int, in range: ClosedRange<Int64>) throws -> Int64? {
    guard let value = try self.decode(Int64?.self, index) else { return nil }
    guard range.contains(value) else { throw self.error(index, "the integer \(value), outside \(range)") }
    return value
  }

  func optionalInteger(_ index: Int, in range: ClosedRange<Int>) throws -> Int? {
    try self.optionalInteger(index, in: Int64(range.lowerBound)...Int64(range.upperBound)).map { Int($0) }
  }

  func real(_ index: Int, in range: ClosedRange<Double>) throws -> Double {
    try self.required(self.optionalReal(index, in: range), index)
  }

  func optionalReal(_ index: Int, in range: ClosedRange<Double>) throws -> Double? {
    guard let value = try self.decode(Double?.self, index) else { return nil }
    guard range.contains(value) else { throw self.error(index, "the number \(value), outside \(range)") }
    return value
  }

  /// A text that `parse` accepts, or NULL (text it refuses is an error).
  func optionalText<Value>(_ index: Int, as parse: (String) -> Value?) throws -> Value? {
    guard let text = try self.optionalText(index) else { return nil }
    guard let value = parse(text) else { throw self.error(index, "the text '\(text.prefix(40))'") }
    return value
  }

  private func decode<Value: PostgresDecodable>(_ type: Value.Type, _ index: Int) throws -> Value {
    do {
      return try self.cells[index].decode(type)
    } catch {
      throw self.error(index, "a value of type \(self.cells[index].dataType)")
    }
  }

  private func required<Value>(_ value: Value?, _ index: Int) throws -> Value {
    guard let value else { throw self.error(index, "NULL") }
    return value
  }

  private func error(_ index: Int, _ held: String) -> PostgresStoreError {
    let column = index < self.columns.count ? self.columns[index] : "\(index)"
    return PostgresStoreError(
      "\(self.rowName) of table \(self.table) holds \(held) in column \(column), which quakesd cannot read: "
        + "a script wrote it; correct or delete the row")
  }
}
