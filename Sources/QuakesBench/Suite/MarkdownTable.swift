/// A Markdown table: a header row and rows of cells.
struct MarkdownTable {
  let headers: [String]
  var rows: [[String]] = []

  init(_ headers: String...) {
    self.headers = headers
  }

  mutating func add(_ cells: String...) {
    self.rows.append(cells)
  }

  var text: String {
    ([self.headers, self.headers.map { _ in "---" }] + self.rows)
      .map { "| " + $0.joined(separator: " | ") + " |" }
      .joined(separator: "\n")
  }
}
