/// Columns aligned for a terminal: left-aligned text, right-aligned numbers,
/// two spaces between columns, a header line. Widths count characters, so
/// place names with accents stay aligned.
///
/// Rendering is linear in the size of the table: each cell is measured once
/// and written once, and a line's trailing spaces are trimmed by looking
/// back from its end only as far as they go (a regular expression searching
/// the padded line for them took time quadratic in a wide column's width).
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
    let headers = self.columns.map(\.header)
    let counts = self.rows.map { $0.map(\.count) }
    let widths = self.columns.indices.map { column in
      counts.reduce(headers[column].count) { max($0, $1[column]) }
    }
    var text = ""
    func append(_ cells: [String], counts: [Int], row: Int?) {
      var line = ""
      for (column, cell) in cells.enumerated() {
        if column > 0 { line += "  " }
        let padding = String(repeating: " ", count: widths[column] - counts[column])
        let padded = self.columns[column].alignsRight ? padding + cell : cell + padding
        line += row.map { emphasis($0, column, padded) } ?? padded
      }
      text += Self.trimmingTrailingWhitespace(line)
      text += "\n"
    }
    append(headers, counts: headers.map(\.count), row: nil)
    for (row, cells) in self.rows.enumerated() {
      append(cells, counts: counts[row], row: row)
    }
    return text
  }

  /// `line` without the whitespace it ends with, found from its end: the
  /// work is the length of that whitespace, not of the line.
  static func trimmingTrailingWhitespace(_ line: String) -> Substring {
    var end = line.endIndex
    while end > line.startIndex {
      let before = line.index(before: end)
      guard line[before].isWhitespace else { break }
      end = before
    }
    return line[..<end]
  }
}
