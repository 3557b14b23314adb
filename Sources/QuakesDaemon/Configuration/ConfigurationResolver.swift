public import Foundation
import Logging
import QuakesData
import QuakesProtocol
import QuakesUSGS

/// Turns the configuration file, the environment and the flags into the
/// ``DaemonConfiguration`` the daemon runs with.
///
/// Precedence, highest first: flags, environment (`QUAKESD_*`), the file,
/// the defaults. An empty environment variable counts as unset.
public enum ConfigurationResolver {
  /// Resolves the configuration from already-read inputs; pure, for tests.
  ///
  /// - Parameters:
  ///   - file: the configuration file, or `nil` for none.
  ///   - workingDirectory: what relative paths in flags and environment
  ///     variables are relative to.
  /// - Throws: ``ConfigurationError`` naming where, the key, the value and
  ///   what is allowed.
  public static func resolve(
    file: ConfigurationFileContents?,
    environment: [String: String],
    commandLine: CommandLineSettings,
    workingDirectory: String
  ) throws(ConfigurationError) -> ResolvedConfiguration {
    var settings = ConfigurationSettings()
    if let file {
      settings = try ConfigurationFile.settings(from: file.text, path: file.path)
    }
    settings = settings
      .overlaid(by: try Self.settings(fromEnvironment: environment, workingDirectory: workingDirectory))
      .overlaid(by: try Self.settings(fromCommandLine: commandLine, workingDirectory: workingDirectory))
    let network = CurlNetworkSession.Configuration()
    let configuration = DaemonConfiguration(
      stateDirectory: settings.stateDirectory ?? DaemonConfiguration.defaultStateDirectory(environment: environment),
      runtimeDirectory: settings.runtimeDirectory ?? DaemonConfiguration.defaultRuntimeDirectory(environment: environment),
      ephemeral: commandLine.ephemeral,
      feeds: settings.feeds ?? FeedSchedule.defaults,
      feedBaseURL: settings.feedBaseURL,
      sync: SyncOptions(deletesUpstream: settings.upstreamDeletions ?? true),
      once: commandLine.once,
      idleTimeout: settings.idleTimeout ?? .seconds(300),
      network: CurlNetworkSession.Configuration(
        connectTimeout: settings.connectTimeout ?? network.connectTimeout,
        totalTimeout: settings.requestTimeout ?? network.totalTimeout,
        maximumResponseSize: settings.maxFeedSize ?? network.maximumResponseSize),
      logLevel: settings.logLevel ?? .info)
    try Self.checkSocketPaths(in: configuration.runtimeDirectory, origin: settings.origins[.runtimeDirectory] ?? .defaultValue)
    return ResolvedConfiguration(configuration: configuration, origins: settings.origins, file: file)
  }

  /// Refuses a runtime directory (set, or the default) too long for the
  /// socket paths in it to fit in a Unix socket address: quakesd could not
  /// create its sockets there.
  private static func checkSocketPaths(in directory: URL, origin: ConfigurationOrigin) throws(ConfigurationError) {
    let length = directory.path.utf8.count
    guard length <= SocketRole.longestRuntimeDirectory else {
      throw .badValue(directory.path, of: .runtimeDirectory, at: origin, problem: "is \(length) bytes long")
    }
  }

  /// Reads the configuration file (``ConfigurationFileContents/load(configFile:environment:)``)
  /// and resolves it with this process's environment and working directory.
  public static func load(
    commandLine: CommandLineSettings,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    workingDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(ConfigurationError) -> ResolvedConfiguration {
    let file = try ConfigurationFileContents.load(configFile: commandLine.configFile, environment: environment)
    return try Self.resolve(
      file: file, environment: environment, commandLine: commandLine, workingDirectory: workingDirectory)
  }

  private static func settings(
    fromEnvironment environment: [String: String], workingDirectory: String
  ) throws(ConfigurationError) -> ConfigurationSettings {
    var settings = ConfigurationSettings()
    for key in ConfigurationKey.allCases {
      guard let text = environment[key.environmentVariable], !text.isEmpty else { continue }
      try settings.set(
        key, text: text, origin: .environment(variable: key.environmentVariable), workingDirectory: workingDirectory)
    }
    return settings
  }

  private static func settings(
    fromCommandLine commandLine: CommandLineSettings, workingDirectory: String
  ) throws(ConfigurationError) -> ConfigurationSettings {
    var settings = ConfigurationSettings()
    let values: [(ConfigurationKey, String?)] = [
      (.stateDirectory, commandLine.stateDirectory), (.runtimeDirectory, commandLine.runtimeDirectory),
      (.feedBaseURL, commandLine.feedBaseURL), (.logLevel, commandLine.logLevel),
    ]
    for case (let key, let text?) in values {
      try settings.set(key, text: text, origin: .flag(key.flag ?? key.name), workingDirectory: workingDirectory)
    }
    if !commandLine.feeds.isEmpty {
      try settings.setFeeds(commandLine.feeds, origin: .flag("--feed"))
    }
    if commandLine.noUpstreamDeletions {
      settings.disableUpstreamDeletions(origin: .flag("--no-upstream-deletions"))
    }
    return settings
  }
}
