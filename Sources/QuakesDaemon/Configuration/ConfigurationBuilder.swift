/// The configuration as the sources set it, the lowest precedence first: it
/// starts at the defaults, and each value a source sets replaces the one
/// before, and where it was set with it.
///
/// Values are checked as they are set, so an error names the source, the
/// key and the value.
struct ConfigurationBuilder {
  /// The configuration so far.
  private(set) var configuration: DaemonConfiguration
  /// Where each value set so far came from; a key absent has its default.
  private(set) var origins: [ConfigurationKey: ConfigurationOrigin] = [:]
  /// The lines of each structured value's keys, for the values the file set
  /// (``ConfigurationValueSource/lines``).
  private(set) var lines: [ConfigurationKey: [[String]: Int]] = [:]

  /// Starts at `defaults`.
  init(defaults: DaemonConfiguration) {
    self.configuration = defaults
  }

  /// Sets `key` from `text`, written at `origin`.
  ///
  /// - Parameters:
  ///   - workingDirectory: what relative paths are relative to; `nil` where
  ///     only absolute paths make sense (the configuration file).
  ///   - lines: for a structured value in the file, the line of each of its
  ///     keys by path (``ConfigurationValueSource/lines``).
  mutating func set(
    _ key: ConfigurationKey, _ text: ConfigurationText, origin: ConfigurationOrigin, workingDirectory: String?,
    lines: [[String]: Int] = [:]
  ) throws(ConfigurationError) {
    var source = ConfigurationValueSource(key: key, origin: origin, workingDirectory: workingDirectory)
    source.lines = lines
    try key.declaration.assign(text, source, &self.configuration)
    self.origins[key] = origin
    self.lines[key] = lines.isEmpty ? nil : lines
  }

  /// Checks each effective value, wherever it came from, by its key's own check.
  func checkEffectiveValues() throws(ConfigurationError) {
    for key in ConfigurationKey.allCases {
      let source = ConfigurationValueSource(key: key, origin: self.origins[key] ?? .defaultValue, workingDirectory: nil)
      try key.declaration.checkEffectiveValue(self.configuration, source)
    }
  }
}
