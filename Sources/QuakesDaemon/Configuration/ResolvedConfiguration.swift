/// The configuration the daemon runs with, and where each value came from.
public struct ResolvedConfiguration: Sendable {
  /// The effective configuration.
  public let configuration: DaemonConfiguration
  /// The file that was read, if any.
  public let file: ConfigurationFileContents?
  private let origins: [ConfigurationKey: ConfigurationOrigin]
  private let lines: [ConfigurationKey: [[String]: Int]]

  init(
    configuration: DaemonConfiguration, origins: [ConfigurationKey: ConfigurationOrigin],
    lines: [ConfigurationKey: [[String]: Int]] = [:], file: ConfigurationFileContents?
  ) {
    self.configuration = configuration
    self.origins = origins
    self.lines = lines
    self.file = file
  }

  /// Where the effective value of `key` came from.
  public func origin(of key: ConfigurationKey) -> ConfigurationOrigin {
    self.origins[key] ?? .defaultValue
  }

  /// Where the part at `path` of the structured value of `key` was written
  /// (`[rule, field]` of `alerts`): its line in the file when known, else
  /// where the key's value came from.
  func origin(of key: ConfigurationKey, at path: [String]) -> ConfigurationOrigin {
    var source = ConfigurationValueSource(key: key, origin: self.origin(of: key), workingDirectory: nil)
    source.lines = self.lines[key] ?? [:]
    return source.origin(at: path)
  }

  /// The effective value of `key`, written as the configuration file takes it.
  public func value(of key: ConfigurationKey) -> String {
    key.declaration.formattedValue(self.configuration)
  }
}
