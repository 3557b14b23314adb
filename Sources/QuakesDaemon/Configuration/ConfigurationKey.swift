import Foundation
import QuakesModel
import QuakesProtocol

/// A setting of the configuration file, with the environment variable and
/// the flag that override it.
///
/// The one place a key is declared: its case (the name in the file, from
/// which the environment variable follows) and its ``declaration`` (the
/// flag, the format of its value, the field of ``DaemonConfiguration`` it
/// sets, whose initial value is the default, and any further check), which
/// the compiler requires for every case. The file parser, the environment
/// reader, the flags, `--check-config`, the man pages and their tests all
/// read this list; nothing else names the keys one by one.
public enum ConfigurationKey: String, CaseIterable, Sendable {
  /// Where the database lives.
  case stateDirectory = "state-dir"
  /// Where the sockets live.
  case runtimeDirectory = "runtime-dir"
  /// The feeds to poll and their intervals.
  case feeds = "feeds"
  /// The base URL of the USGS summary feeds.
  case feedBaseURL = "feed-base-url"
  /// Whether quakes gone from a complete feed are deleted.
  case upstreamDeletions = "upstream-deletions"
  /// The least severe log lines written.
  case logLevel = "log-level"
  /// How long to wait for a connection to the feed server.
  case connectTimeout = "connect-timeout"
  /// How long one whole feed download may take.
  case requestTimeout = "request-timeout"
  /// The largest feed body accepted.
  case maxFeedSize = "max-feed-size"
  /// How long a silent client connection stays open.
  case idleTimeout = "idle-timeout"
  /// `database-cache`: the page cache of the connections that answer queries, together.
  case databaseCache = "database-cache"
  /// Which quakes are removed, and how long after their time.
  case retention = "retention"
  /// Where `/metrics` is served over TCP, if anywhere.
  case metricsListen = "metrics-listen"
  /// Where the FDSN event web service is served over TCP, if anywhere.
  case httpListen = "http-listen"
  /// The most events one FDSN answer holds.
  case httpMaxEvents = "http-max-events"
  /// The memory the FDSN service keeps the texts of events it wrote in.
  case httpEventCache = "http-event-cache"
  /// The requests a second a client beyond this host may send the FDSN service.
  case httpRateLimit = "http-rate-limit"
  /// The alert rules and their channels.
  case alerts = "alerts"
  /// How many attempts an alert delivery gets.
  case alertAttempts = "alert-attempts"
  /// The wait before an alert delivery is tried again (doubling after each failure).
  case alertRetryDelay = "alert-retry-delay"
  /// The base URL of the USGS FDSN event service (backfills, reconciliation).
  case fdsnBaseURL = "fdsn-base-url"
  /// The least time between two FDSN requests.
  case fdsnInterval = "fdsn-interval"
  /// How often deletions and updates are reconciled with FDSN, if at all.
  case reconcile = "reconcile"
  /// Where USGS can reach whoever runs this quakesd (in the User-Agent).
  case contact = "contact"
  /// A PostgreSQL store shared with other quakesd, instead of the SQLite file.
  case store = "store"
  /// Whether this quakesd may lead a shared store (poll, write), or only reads it.
  case candidate = "candidate"

  /// Everything about the key but its name.
  var declaration: ConfigurationKeyDeclaration {
    switch self {
    case .stateDirectory:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--state-dir", kind: .option(valueName: "dir"), help: "Where the database lives."),
        format: .directory(allowedValues: "a directory path (absolute in the configuration file)"),
        field: \.stateDirectory)
    case .runtimeDirectory:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--runtime-dir", kind: .option(valueName: "dir"), help: "Where the sockets live."),
        format: .directory(
          allowedValues:
            "a directory path (absolute in the configuration file) of at most \(SocketRole.longestRuntimeDirectory) bytes, "
            + "so that the socket paths in it fit in a Unix socket address"),
        field: \.runtimeDirectory,
        check: Self.socketPathsFit)
    case .feeds:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--feed", kind: .repeatableOption(valueName: "name[=interval]"),
          help: "A feed to poll, with an optional interval (repeatable; replaces the configured set), e.g. all_day=5m."),
        format: .feedSchedules,
        field: \.feeds)
    case .feedBaseURL:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--feed-base-url", kind: .option(valueName: "url"), help: "The USGS summary feed base URL (a mirror)."),
        format: .feedBaseURL,
        field: \.feedBaseURL)
    case .upstreamDeletions:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--no-upstream-deletions", kind: .setting("false"),
          help: "Keep quakes that vanished from a complete (all_*) feed."),
        format: .boolean,
        field: \.sync.deletesUpstream)
    case .logLevel:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--log-level", kind: .option(valueName: "level"),
          help: "trace, debug, info, notice, warning, error or critical (default: info)."),
        format: .logLevel,
        field: \.logLevel)
    case .connectTimeout:
      ConfigurationKeyDeclaration(flag: nil, format: .duration, field: \.network.connectTimeout)
    case .requestTimeout:
      ConfigurationKeyDeclaration(flag: nil, format: .duration, field: \.network.totalTimeout)
    case .maxFeedSize:
      ConfigurationKeyDeclaration(flag: nil, format: .byteSize, field: \.network.maximumResponseSize)
    case .idleTimeout:
      ConfigurationKeyDeclaration(flag: nil, format: .duration, field: \.idleTimeout)
    case .databaseCache:
      ConfigurationKeyDeclaration(flag: nil, format: .byteSize, field: \.databaseCacheBytes)
    case .retention:
      ConfigurationKeyDeclaration(flag: nil, format: .retentionRules, field: \.sync.retention)
    case .metricsListen:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--metrics-listen", kind: .option(valueName: "address"),
          help: "Serve /metrics over HTTP there: a port (on 127.0.0.1) or address:port (default: off)."),
        format: .listenAddress(port: 9464),
        field: \.metricsListen)
    case .httpListen:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--http-listen", kind: .option(valueName: "address"),
          help:
            "Serve the FDSN event web service (/fdsnws/event/1/) there: a port (on 127.0.0.1) or address:port (default: off)."
        ),
        format: .listenAddress(port: 8080),
        field: \.httpListen)
    case .httpMaxEvents:
      ConfigurationKeyDeclaration(flag: nil, format: .maximumEvents, field: \.httpMaxEvents)
    case .httpEventCache:
      ConfigurationKeyDeclaration(flag: nil, format: .eventCacheSize, field: \.httpEventCacheBytes)
    case .httpRateLimit:
      ConfigurationKeyDeclaration(flag: nil, format: .requestRate, field: \.httpRateLimit)
    case .alerts:
      ConfigurationKeyDeclaration(flag: nil, format: .alertRules, field: \.alertRules)
    case .alertAttempts:
      ConfigurationKeyDeclaration(flag: nil, format: .attempts, field: \.alertDelivery.attempts)
    case .alertRetryDelay:
      ConfigurationKeyDeclaration(flag: nil, format: .duration, field: \.alertDelivery.firstRetry)
    case .fdsnBaseURL:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--fdsn-base-url", kind: .option(valueName: "url"),
          help: "The USGS FDSN event service base URL (a mirror)."),
        format: .fdsnBaseURL,
        field: \.fdsnBaseURL)
    case .fdsnInterval:
      ConfigurationKeyDeclaration(flag: nil, format: .duration, field: \.fdsnInterval)
    case .reconcile:
      ConfigurationKeyDeclaration(
        flag: nil, format: .optionalDuration(atLeast: .seconds(1)), field: \.reconcileInterval)
    case .contact:
      ConfigurationKeyDeclaration(flag: nil, format: .contact, field: \.contact)
    case .store:
      ConfigurationKeyDeclaration(
        flag: ConfigurationFlag(
          name: "--store", kind: .option(valueName: "url"),
          help:
            "A PostgreSQL store shared with other quakesd: postgresql://USER@HOST:PORT/DATABASE (default: the SQLite file)."
        ),
        format: .storeURL,
        field: \.store)
    case .candidate:
      ConfigurationKeyDeclaration(flag: nil, format: .boolean, field: \.candidate)
    }
  }

  /// Whether a reload (SIGHUP, `quakectl reload`) applies a new value;
  /// `false` for what the daemon opened at its start (the database, the
  /// sockets, the feed server's catalogue), which a restart changes.
  public var appliesOnReload: Bool {
    switch self {
    case .stateDirectory, .runtimeDirectory, .feedBaseURL, .metricsListen, .httpListen, .httpMaxEvents, .httpEventCache,
      .httpRateLimit, .fdsnBaseURL, .databaseCache, .store, .candidate:
      false
    case .feeds, .upstreamDeletions, .logLevel, .connectTimeout, .requestTimeout, .maxFeedSize, .idleTimeout,
      .retention, .alerts, .alertAttempts, .alertRetryDelay, .fdsnInterval, .reconcile, .contact:
      true
    }
  }

  /// Refuses a runtime directory (set, or the default) too long for the
  /// socket paths in it to fit in a Unix socket address: quakesd could not
  /// create its sockets there.
  private static func socketPathsFit(_ directory: URL, _ source: ConfigurationValueSource) throws(ConfigurationError) {
    let length = directory.path.utf8.count
    guard length <= SocketRole.longestRuntimeDirectory else {
      throw source.badValue(directory.path, problem: "is \(length) bytes long")
    }
  }
}

extension ConfigurationKey {
  /// The key as written in the file (kebab-case), e.g. `state-dir`.
  public var name: String { self.rawValue }

  /// The environment variable that overrides the file, e.g. `QUAKESD_STATE_DIR`.
  public var environmentVariable: String {
    "QUAKESD_" + self.rawValue.uppercased().replacingOccurrences(of: "-", with: "_")
  }

  /// The command-line flag that overrides the environment, when there is one.
  public var commandLineFlag: ConfigurationFlag? { self.declaration.flag }

  /// The name of that flag, e.g. `--state-dir`.
  public var flag: String? { self.commandLineFlag?.name }

  /// What the key accepts, in the words error messages use after "allowed:".
  public var allowedValues: String { self.declaration.allowedValues }

  /// A value the key takes, e.g. `90s`, for tests and examples.
  public var example: String { self.declaration.example }
}
