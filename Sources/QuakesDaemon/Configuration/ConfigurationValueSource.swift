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

  /// `text` refused for this key, in the words of ``ConfigurationError/badValue(_:of:at:problem:)``.
  func badValue(_ text: String, problem: String? = nil) -> ConfigurationError {
    .badValue(text, of: self.key, at: self.origin, problem: problem)
  }
}
