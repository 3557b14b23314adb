/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line
/// break, quotes doubled.
public enum CSVField {
  /// `text` as a field.
  public static func quoted(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }
}

extension CSVField {
  /// A CSV document: `header`, then `rows`, each line ending in CRLF.
  public static func document(header: [String], rows: [[String]]) -> String {
    self.lines([header] + rows)
  }

  /// CSV lines, each ending in CRLF.
  public static func lines(_ rows: [[String]]) -> String {
    rows.map { $0.map(self.quoted).joined(separator: ",") + "\r\n" }.joined()
  }
}
