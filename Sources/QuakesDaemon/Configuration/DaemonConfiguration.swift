public import Foundation
public import Logging
public import QuakesData
import QuakesFDSN
import QuakesModel
import QuakesProtocol
import QuakesSQLite
public import QuakesUSGS

/// Everything the daemon runs with, after the configuration file, the
/// environment and the flags are applied (``ConfigurationResolver``).
public struct DaemonConfiguration: Sendable {
  /// Where the database lives (`quakes.sqlite`).
  public var stateDirectory: URL
  /// Where the sockets live (`control.sock`, `query.sock`).
  public var runtimeDirectory: URL
  /// Whether to keep the cache in memory only (nothing written to disk).
  public var ephemeral: Bool
  /// The feeds to poll and how often.
  public var feeds: [FeedSchedule]
  /// The USGS summary feed base URL (a mirror, or a stand-in in tests).
  public var feedBaseURL: String?
  /// How remote batches are applied (upstream deletions).
  public var sync: SyncOptions
  /// Poll each feed once, write, and exit.
  public var once: Bool
  /// How long a client connection may stay silent (no request being
  /// answered, not watching; a client that does not read its reply is
  /// silent) before the daemon closes it.
  public var idleTimeout: Duration
  /// The page cache of the database connections that answer queries,
  /// together, in bytes (the writer's is sized for each batch).
  public var databaseCacheBytes: Int = SQLiteLocalStore.defaultPageCacheBytes
  /// The HTTP limits of every fetch: connect and total timeouts, the largest feed.
  public var network: CurlNetworkSession.Configuration
  /// The least severe log lines written.
  public var logLevel: Logger.Level
  /// Where `/metrics` is served over TCP; `nil` for nowhere (the default).
  public var metricsListen: ListenAddress?
  /// Where the FDSN event web service is served over TCP; `nil` for nowhere (the default).
  public var httpListen: ListenAddress?
  /// The most events one FDSN answer holds: a request without a `limit`
  /// that matches more is refused, as USGS does with its 20,000.
  public var httpMaxEvents = 20_000
  /// The memory the FDSN service keeps the texts of events it wrote in,
  /// for the answers that ask for them again (``FDSNEventTexts``); 0 for none.
  public var httpEventCacheBytes = FDSNEventTexts.defaultBudget
  /// The requests a second a client beyond this host may send the FDSN
  /// service (in bursts of twice that); `nil` for no limit.
  public var httpRateLimit: Double? = 10
  /// The alert rules and their channels (none by default).
  var alertRules: [ConfiguredAlertRule] = []
  /// How failed alert deliveries are tried again.
  public var alertDelivery = AlertDeliveryPolicy()
  /// The USGS FDSN event service base URL (a mirror, or a stand-in in tests).
  public var fdsnBaseURL: String?
  /// The least time between the end of one FDSN request and the start of
  /// the next (USGS asks for under 500 requests in 5 minutes).
  public var fdsnInterval: Duration = .milliseconds(600)
  /// The PostgreSQL store shared with other quakesd (a `postgresql://` URL,
  /// docs/ha.md); `nil` for the SQLite file in the state directory (the default).
  public var store: String?
  /// Whether this quakesd may lead the shared store (poll USGS and write);
  /// `false` for an instance that only reads it.
  public var candidate = true
  /// How often to reconcile the cache with FDSN; `nil`, never (the default).
  public var reconcileInterval: Duration?
  /// Where USGS can reach whoever runs this quakesd; `nil` for nowhere. Sent
  /// in the `User-Agent` of every request (``network``'s follows it).
  public var contact: String? {
    didSet { self.network.userAgent = QuakesdProduct.userAgent(contact: self.contact) }
  }

  /// Creates a configuration. The defaults are those of the configuration
  /// keys: ``ConfigurationResolver`` starts from them, and `--check-config`
  /// calls them `default`.
  public init(
    stateDirectory: URL,
    runtimeDirectory: URL,
    ephemeral: Bool = false,
    feeds: [FeedSchedule] = FeedSchedule.defaults,
    feedBaseURL: String? = nil,
    sync: SyncOptions = SyncOptions(),
    once: Bool = false,
    idleTimeout: Duration = .seconds(300),
    network: CurlNetworkSession.Configuration = CurlNetworkSession.Configuration(),
    logLevel: Logger.Level = .info,
    metricsListen: ListenAddress? = nil
  ) {
    self.stateDirectory = stateDirectory
    self.ephemeral = ephemeral
    self.feeds = feeds
    self.feedBaseURL = feedBaseURL
    self.sync = sync
    self.once = once
    self.idleTimeout = idleTimeout
    self.runtimeDirectory = runtimeDirectory
    self.network = network
    self.logLevel = logLevel
    self.metricsListen = metricsListen
  }

  /// The sync options the state holds: ``sync`` with the feeds polled, the
  /// live window they make (``SyncOptions/liveWindow(polling:windowMargin:)``)
  /// and the alert rules.
  public var syncOptions: SyncOptions {
    var options = self.sync
    options.polledFeeds = Set(self.feeds.map(\.feed))
    options.liveWindow = SyncOptions.liveWindow(polling: options.polledFeeds, windowMargin: options.windowMargin)
    options.alerts = self.alertRules.map(\.rule)
    return options
  }

  /// The database file.
  public var databasePath: String {
    self.stateDirectory.appendingPathComponent("quakes.sqlite").path
  }

  /// The socket that takes every method (mode 0660, group `quakes`).
  public var controlSocketPath: String {
    self.runtimeDirectory.appendingPathComponent(SocketRole.control.fileName).path
  }

  /// The socket that takes the read-only methods (mode 0666).
  public var querySocketPath: String {
    self.runtimeDirectory.appendingPathComponent(SocketRole.query.fileName).path
  }

  /// The runtime directory when none is given: systemd's `RUNTIME_DIRECTORY`
  /// as a service, else `$XDG_RUNTIME_DIR/quakesd`, else
  /// `/tmp/quakesd-UID` (a user without a login session): the places
  /// quakectl looks (`SocketDirectory`, in QuakesProtocol).
  public static func defaultRuntimeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL
  {
    if let directory = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !directory.isEmpty {
      return URL(fileURLWithPath: String(directory))
    }
    return URL(fileURLWithPath: SocketDirectory.user(environment: environment))
  }

  /// The state directory when none is given: systemd's `STATE_DIRECTORY` as
  /// a service, else `$XDG_STATE_HOME/quakesd`, else `~/.local/state/quakesd`.
  public static func defaultStateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let directory = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !directory.isEmpty {
      return URL(fileURLWithPath: String(directory))
    }
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("quakesd")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/quakesd")
  }
}
