import ArgumentParser
import Foundation
import Logging
import QuakesDaemon
import QuakesModel
import ServiceLifecycle

/// `quakesd`: keeps a local cache of the USGS earthquake catalogue.

struct QuakesdCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quakesd",
    abstract: "Keep a local, queryable cache of the USGS earthquake catalogue.",
    discussion: """
      Polls the USGS GeoJSON summary feeds and keeps every quake in a SQLite
      database (WAL mode: read it with sqlite3 while the daemon runs), and serves
      queries on control.sock and query.sock in the runtime directory.

      Settings come from flags, then QUAKESD_* environment variables, then the
      configuration file (--config, else QUAKESD_CONFIG, else
      /etc/quakesd/quakesd.conf if it exists), then the defaults: all_hour every
      1m, all_day every 5m, all_week every 1h, all_month every 24h; the database
      under $XDG_STATE_HOME/quakesd/. See quakesd(8) and quakesd.conf(5).

      SIGTERM and SIGINT stop it gracefully; SIGHUP reloads the configuration
      (as `quakectl reload` does). Exit status: 0 on success
      or after such a stop, 1 on a failure that may pass (--once: every feed
      failed), 64 on a usage error, 78 on a configuration or state it refuses
      to start with (a bad value, a directory that is a file, a database that
      is not its own).
      """,
    version: QuakesdProduct.version
  )

  @Option(name: .customLong("config"), help: ArgumentHelp("The configuration file to read (YAML).", valueName: "file"))
  var configFile: String?

  // The flags that set configuration keys take their names and help from
  // the keys' declarations; ManPageTests and QuakesdConfigurationTests check
  // that each one is here and sets its own key.

  @Option(name: .flag(of: .stateDirectory), help: .flag(of: .stateDirectory))
  var stateDirectory: String?

  @Option(name: .flag(of: .runtimeDirectory), help: .flag(of: .runtimeDirectory))
  var runtimeDirectory: String?

  @Option(name: .flag(of: .feeds), help: .flag(of: .feeds))
  var feeds: [String] = []

  @Option(name: .flag(of: .feedBaseURL), help: .flag(of: .feedBaseURL))
  var feedBaseURL: String?

  @Option(name: .flag(of: .fdsnBaseURL), help: .flag(of: .fdsnBaseURL))
  var fdsnBaseURL: String?

  @Option(name: .flag(of: .store), help: .flag(of: .store))
  var store: String?

  @Flag(name: .customLong("once"), help: "Poll each feed once, write the changes and exit.")
  var once = false

  @Flag(name: .customLong("ephemeral"), help: "Keep the cache in memory only.")
  var ephemeral = false

  @Flag(name: .flag(of: .upstreamDeletions), help: .flag(of: .upstreamDeletions))
  var noUpstreamDeletions = false

  @Option(name: .flag(of: .logLevel), help: .flag(of: .logLevel))
  var logLevel: String?

  @Option(name: .flag(of: .metricsListen), help: .flag(of: .metricsListen))
  var metricsListen: String?

  @Option(name: .flag(of: .httpListen), help: .flag(of: .httpListen))
  var httpListen: String?

  @Flag(
    name: .customLong("check-config"),
    help: "Check the configuration, print the effective values and where each came from, and exit.")
  var checkConfig = false

  func run() async throws {
    let resolved: ResolvedConfiguration
    do {
      resolved = try ConfigurationResolver.load(commandLine: self.commandLine)
    } catch {
      FileHandle.standardError.write(Data("quakesd: configuration error: \(error.message)\n".utf8))
      throw ExitCode(error.exitCode)
    }
    if self.checkConfig {
      print(resolved.report, terminator: "")
      for warning in resolved.warnings {
        FileHandle.standardError.write(Data("quakesd: warning: \(warning)\n".utf8))
      }
      return
    }
    let configuration = resolved.configuration
    let logLevel = ReloadableSetting(configuration.logLevel)
    LoggingSystem.bootstrap { StderrLogHandler(label: $0, level: logLevel) }
    let logger = Logger(label: "quakesd")
    for warning in resolved.warnings {
      logger.warning("\(warning)")
    }
    let commandLine = self.commandLine
    let reloading = ReloadSource(
      load: { () throws(ConfigurationError) in try ConfigurationResolver.load(commandLine: commandLine) },
      logLevel: logLevel,
      reloadsOnHangup: !StopSignals.hangupIgnored,
      hangupCameEarly: { StopSignals.hangupCameEarly })
    let daemon = Daemon(configuration: configuration, logger: logger, reloading: reloading)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [
          .init(service: EarlyStopSignals()),
          .init(service: daemon, successTerminationBehavior: .gracefullyShutdownGroup),
        ],
        gracefulShutdownSignals: StopSignals.trapped,
        logger: logger))
    do {
      try await group.run()
    } catch {
      logger.critical("\(errorDescription(error))")
      endProcess(status: daemonExitCode(for: error).rawValue)
    }
    endProcess(status: 0)
  }

  private var commandLine: CommandLineSettings {
    var settings = CommandLineSettings(configFile: self.configFile, once: self.once, ephemeral: self.ephemeral)
    settings.record(.stateDirectory, value: self.stateDirectory)
    settings.record(.runtimeDirectory, value: self.runtimeDirectory)
    settings.record(.feeds, values: self.feeds)
    settings.record(.feedBaseURL, value: self.feedBaseURL)
    settings.record(.fdsnBaseURL, value: self.fdsnBaseURL)
    settings.record(.store, value: self.store)
    settings.record(.upstreamDeletions, given: self.noUpstreamDeletions)
    settings.record(.logLevel, value: self.logLevel)
    settings.record(.metricsListen, value: self.metricsListen)
    settings.record(.httpListen, value: self.httpListen)
    return settings
  }
}

/// Ends the daemon once its services have stopped: the database is closed,
/// the sockets are removed and the log is written, so what is left to run is
/// the C libraries' own `atexit` clean-up. That clean-up (OpenSSL's, through
/// libcurl) frees what libcurl's transfer thread may still be using, which
/// crashed quakesd with SIGSEGV on its way out; `_exit` skips it.
private func endProcess(status: Int32) -> Never {
  fflush(nil)
  _exit(status)
}

/// 78 (`EX_CONFIG`) for what the daemon refuses to start with (a state or
/// runtime directory it cannot use, a database that is not its own or that
/// it cannot read or write, a socket another quakesd serves, a socket systemd
/// passed under an unknown name), so that systemd does not restart it in a
/// loop (`RestartPreventExitStatus=64 78`); 1 for anything else, which may pass.
private func daemonExitCode(for error: any Error) -> ExitCode {
  (error as? ConfigurationError).map { ExitCode($0.exitCode) } ?? .failure
}

private func errorDescription(_ error: any Error) -> String {
  if let error = error as? ServiceGroupError { return String(describing: error) }
  if let localized = error as? any LocalizedError, let description = localized.errorDescription { return description }
  return String(describing: error)
}
