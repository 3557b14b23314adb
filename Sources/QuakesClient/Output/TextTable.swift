/// Columns aligned for a terminal: left-aligned text, right-aligned numbers,
/// two spaces between columns, a header line. Widths count characters, so
/// place names with accents stay aligned.
public struct TextTable: Sendable {
  /// One column: its header and whether its values align right.
  public struct Column: Sendable {
    public var header: String
    public var alignsRight: Bool
    public init(_ header: String, alignsRight: Bool = false) {
      self.header = header
      self.alignsRight = alignsRight
    }
  }

  public var columns: [Column]
  public var rows: [[String]] = []

  public init(columns: [Column]) {
    self.columns = columns
  }

  /// The table as lines; `emphasis` wraps a cell (row, column) for colour,
  /// after padding, so escape codes do not shift the columns.
  public func render(emphasis: (Int, Int, String) -> String = { _, _, text in text }) -> String {
    let widths = self.columns.indices.map { column in
      ([self.columns[column].header] + self.rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String], row: Int?) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        let padded = self.columns[column].alignsRight ? padding + cell : cell + padding
        return row.map { emphasis($0, column, padded) } ?? padded
      }.joined(separator: "  ").replacing(/\s+$/, with: "")
    }
    return ([line(self.columns.map(\.header), row: nil)] + self.rows.enumerated().map { line($1, row: $0) })
      .joined(separator: "\n") + "\n"
  }
}
