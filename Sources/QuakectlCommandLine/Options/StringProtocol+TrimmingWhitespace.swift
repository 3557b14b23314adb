extension StringProtocol {
  /// The text without the spaces and tabs around it (`" 250 km "` gives
  /// `"250 km"`), as a command-line value may come quoted.
  package var trimmingWhitespace: String {
    String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
