import QuakesUSGS

/// The configuration the daemon runs with, and where each value came from.
public struct ResolvedConfiguration: Sendable {
  /// The effective configuration.
  public let configuration: DaemonConfiguration
  /// The file that was read, if any.
  public let file: ConfigurationFileContents?
  private let origins: [ConfigurationKey: ConfigurationOrigin]

  init(configuration: DaemonConfiguration, origins: [ConfigurationKey: ConfigurationOrigin], file: ConfigurationFileContents?) {
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
    let configuration = self.configuration
    switch key {
    case .stateDirectory: return configuration.stateDirectory.path
    case .runtimeDirectory: return configuration.runtimeDirectory.path
    case .feeds:
      return "{" + configuration.feeds.map { "\($0.feed.name): \(DurationText.format($0.interval))" }.joined(separator: ", ") + "}"
    case .feedBaseURL: return configuration.feedBaseURL ?? USGSFeedCatalogue.defaultBaseURL
    case .upstreamDeletions: return configuration.sync.deletesUpstream ? "true" : "false"
    case .logLevel: return configuration.logLevel.rawValue
    case .connectTimeout: return DurationText.format(configuration.network.connectTimeout)
    case .requestTimeout: return DurationText.format(configuration.network.totalTimeout)
    case .maxFeedSize: return ByteSizeText.format(configuration.network.maximumResponseSize)
    case .idleTimeout: return DurationText.format(configuration.idleTimeout)
    }
  }
}
