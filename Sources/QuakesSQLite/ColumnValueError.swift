/// A column holds a value of the wrong kind for the schema (a script wrote
/// it); reported as a damaged database (``SQLiteLocalStoreError/Kind/corrupt``).
struct ColumnValueError: Error, CustomStringConvertible {
  /// Which row and column, and what they hold.
  let description: String
}
