/// The configuration the daemon runs with, and where each value came from.
public struct ResolvedConfiguration: Sendable {
  /// The effective configuration.
  public let configuration: DaemonConfiguration
  /// The file that was read, if any.
  public let file: ConfigurationFileContents?
  private let origins: [ConfigurationKey: ConfigurationOrigin]

  init(
    configuration: DaemonConfiguration, origins: [ConfigurationKey: ConfigurationOrigin],
    file: ConfigurationFileContents?
  ) {
    self.configuration = configuration
    self.origins = origins
    self.file = file
  }

  /// Where the effective value of `key` came from.
  public func origin(of key: ConfigurationKey) -> ConfigurationOrigin {
    self.origins[key] ?? .defaultValue
  }

  /// The effective value of `key`, written as the configuration file takes it.
  public func value(of key: ConfigurationKey) -> String {
    key.declaration.formattedValue(self.configuration)
  }
}
