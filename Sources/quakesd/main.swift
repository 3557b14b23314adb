import ArgumentParser
import Foundation
import Logging
import QuakesDaemon
import QuakesData
import QuakesUSGS
import ServiceLifecycle

/// `quakesd`: keeps a local cache of the USGS earthquake catalogue.
@main
struct QuakesdCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quakesd",
    abstract: "Keep a local, queryable cache of the USGS earthquake catalogue.",
    discussion: """
      Polls the USGS GeoJSON summary feeds and keeps every quake in a SQLite
      database (WAL mode: read it with sqlite3 while the daemon runs).
      Defaults: all_hour every 1m, all_day every 5m, all_week every 1h,
      all_month every 24h; the database under $XDG_STATE_HOME/quakesd/.
      """,
    version: QuakesdProduct.version
  )

  @Option(name: .customLong("state-dir"), help: ArgumentHelp("Where the database lives.", valueName: "dir"))
  var stateDirectory: String?

  @Option(name: .customLong("runtime-dir"), help: ArgumentHelp("Where the sockets live.", valueName: "dir"))
  var runtimeDirectory: String?

  @Option(
    name: .customLong("feed"),
    help: ArgumentHelp(
      "A feed to poll, with an optional interval (repeatable; replaces the default set), e.g. all_day=5m.",
      valueName: "name[=interval]"))
  var feeds: [String] = []

  @Option(name: .customLong("feed-base-url"), help: ArgumentHelp("The USGS summary feed base URL (a mirror).", valueName: "url"))
  var feedBaseURL: String?

  @Flag(name: .customLong("once"), help: "Poll each feed once, write the changes and exit.")
  var once = false

  @Flag(name: .customLong("ephemeral"), help: "Keep the cache in memory only.")
  var ephemeral = false

  @Flag(name: .customLong("no-upstream-deletions"), help: "Keep quakes that vanished from a complete (all_*) feed.")
  var noUpstreamDeletions = false

  @Option(name: .customLong("log-level"), help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
  var logLevel: String = "info"

  func validate() throws {
    guard Logger.Level(rawValue: self.logLevel) != nil else {
      throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical; not \(self.logLevel)")
    }
    for feed in self.feeds {
      do {
        _ = try FeedSchedule(parsing: feed)
      } catch {
        throw ValidationError("--feed \(feed): \(error.message)")
      }
    }
  }

  func run() async throws {
    let level = Logger.Level(rawValue: self.logLevel) ?? .info
    LoggingSystem.bootstrap { StderrLogHandler(label: $0, level: level) }
    let logger = Logger(label: "quakesd")
    let feeds = try self.feeds.isEmpty ? FeedSchedule.defaults : self.feeds.map { text throws(ConfigurationError) in try FeedSchedule(parsing: text) }
    let configuration = DaemonConfiguration(
      stateDirectory: self.stateDirectory.map { URL(fileURLWithPath: $0) } ?? DaemonConfiguration.defaultStateDirectory(),
      runtimeDirectory: self.runtimeDirectory.map { URL(fileURLWithPath: $0) } ?? DaemonConfiguration.defaultRuntimeDirectory(),
      ephemeral: self.ephemeral,
      feeds: feeds,
      feedBaseURL: self.feedBaseURL,
      sync: SyncOptions(deletesUpstream: !self.noUpstreamDeletions),
      once: self.once
    )
    let daemon = Daemon(configuration: configuration, logger: logger)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [.init(service: daemon, successTerminationBehavior: .gracefullyShutdownGroup)],
        gracefulShutdownSignals: [.sigterm, .sigint],
        logger: logger))
    do {
      try await group.run()
    } catch {
      logger.critical("\(errorDescription(error))")
      throw daemonExitCode(for: error)
    }
  }
}

/// 78 (`EX_CONFIG`) for a configuration the daemon cannot run with, so that
/// systemd does not restart it in a loop (`RestartPreventExitStatus=78`); 1
/// for anything else.
private func daemonExitCode(for error: any Error) -> ExitCode {
  error is ConfigurationError ? ExitCode(78) : ExitCode.failure
}

private func errorDescription(_ error: any Error) -> String {
  if let error = error as? ServiceGroupError { return String(describing: error) }
  if let localized = error as? any LocalizedError, let description = localized.errorDescription { return description }
  return String(describing: error)
}
