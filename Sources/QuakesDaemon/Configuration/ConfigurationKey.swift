import Foundation
import QuakesModel
import QuakesProtocol

/// A setting of the configuration file, with the environment variable and
/// the flag that override it.
///
/// One list, so that the file parser, the environment reader, `--check-config`,
/// the man pages and their tests cannot disagree on what exists.
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

  /// The key as written in the file (kebab-case), e.g. `state-dir`.
  public var name: String { self.rawValue }

  /// The environment variable that overrides the file, e.g. `QUAKESD_STATE_DIR`.
  public var environmentVariable: String {
    "QUAKESD_" + self.rawValue.uppercased().replacingOccurrences(of: "-", with: "_")
  }

  /// The command-line flag that overrides the environment, when there is one.
  public var flag: String? {
    switch self {
    case .stateDirectory: "--state-dir"
    case .runtimeDirectory: "--runtime-dir"
    case .feeds: "--feed"
    case .feedBaseURL: "--feed-base-url"
    case .upstreamDeletions: "--no-upstream-deletions"
    case .logLevel: "--log-level"
    case .connectTimeout, .requestTimeout, .maxFeedSize, .idleTimeout: nil
    }
  }

  /// What the key accepts, in the words error messages use after "allowed:".
  public var allowedValues: String {
    switch self {
    case .stateDirectory:
      "a directory path (absolute in the configuration file)"
    case .runtimeDirectory:
      "a directory path (absolute in the configuration file) of at most \(SocketRole.longestRuntimeDirectory) bytes, "
        + "so that the socket paths in it fit in a Unix socket address"
    case .feeds:
      "feed names (\(QuakesFeed.allFeeds.map(\.name).joined(separator: ", "))), each with an optional interval of 60s or more"
    case .feedBaseURL:
      "an http or https URL with a host, a port from 1 to 65535 if any, no query, no spaces and no control characters, "
        + "e.g. https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/"
    case .upstreamDeletions:
      BooleanText.allowedValues
    case .logLevel:
      LogLevelText.allowedValues
    case .connectTimeout, .requestTimeout, .idleTimeout:
      DurationText.allowedValues
    case .maxFeedSize:
      ByteSizeText.allowedValues
    }
  }
}
