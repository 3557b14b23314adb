public import Foundation
import Logging
import QuakesData
import QuakesProtocol
import QuakesUSGS

/// Turns the configuration file, the environment and the flags into the
/// ``DaemonConfiguration`` the daemon runs with.
///
/// Precedence, highest first: flags, environment (`QUAKESD_*`), the file,
/// the defaults. An empty environment variable counts as unset. Every key
/// of ``ConfigurationKey`` is read the same way from each source.
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
    var builder = ConfigurationBuilder(
      defaults: DaemonConfiguration(
        stateDirectory: DaemonConfiguration.defaultStateDirectory(environment: environment),
        runtimeDirectory: DaemonConfiguration.defaultRuntimeDirectory(environment: environment),
        ephemeral: commandLine.ephemeral,
        once: commandLine.once))
    if let file {
      try ConfigurationFile.read(file.text, path: file.path, into: &builder)
    }
    for key in ConfigurationKey.allCases {
      guard let text = environment[key.environmentVariable], !text.isEmpty else { continue }
      try builder.set(
        key, .single(text), origin: .environment(variable: key.environmentVariable), workingDirectory: workingDirectory)
    }
    for (key, flag, text) in commandLine.flagged {
      try builder.set(key, text, origin: .flag(flag.name), workingDirectory: workingDirectory)
    }
    try builder.checkEffectiveValues()
    return ResolvedConfiguration(
      configuration: builder.configuration, origins: builder.origins, lines: builder.lines, file: file)
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
}
