/// Where a value being read comes from: the key it sets, the place that set
/// it, and what a relative path in it is relative to.
struct ConfigurationValueSource {
  /// The key the value sets.
  let key: ConfigurationKey
  /// Where the value was written.
  let origin: ConfigurationOrigin
  /// What relative paths are relative to; `nil` where only absolute paths
  /// make sense (the configuration file).
  let workingDirectory: String?
  /// Where each key of a structured value (`alerts`, `retention`) was
  /// written in the file, by its path of keys (`["near-home", "exec"]`), so
  /// that an error in one rule names that rule's line rather than the
  /// key's; empty for other values and other sources.
  var lines: [[String]: Int] = [:]

  /// Where the part of the value at `path` was written: the line of the
  /// longest part of `path` that ``lines`` knows, or the key's own place.
  func origin(at path: [String]) -> ConfigurationOrigin {
    guard case .file(let file, _) = self.origin else { return self.origin }
    for length in stride(from: path.count, to: 0, by: -1) {
      if let line = self.lines[Array(path.prefix(length))] { return .file(path: file, line: line) }
    }
    return self.origin
  }

  /// `text` refused for this key, in the words of ``ConfigurationError/badValue(_:of:at:problem:)``.
  func badValue(_ text: String, problem: String? = nil) -> ConfigurationError {
    .badValue(text, of: self.key, at: self.origin, problem: problem)
  }
}
