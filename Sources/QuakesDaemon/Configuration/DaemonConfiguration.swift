public import Foundation
public import QuakesData

/// Everything the daemon runs with, after flags and environment are applied.
public struct DaemonConfiguration: Sendable {
  /// Where the database lives (`quakes.sqlite`).
  public var stateDirectory: URL
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

  /// Creates a configuration.
  public init(
    stateDirectory: URL,
    ephemeral: Bool = false,
    feeds: [FeedSchedule] = FeedSchedule.defaults,
    feedBaseURL: String? = nil,
    sync: SyncOptions = SyncOptions(),
    once: Bool = false
  ) {
    self.stateDirectory = stateDirectory
    self.ephemeral = ephemeral
    self.feeds = feeds
    self.feedBaseURL = feedBaseURL
    self.sync = sync
    self.once = once
  }

  /// The database file.
  public var databasePath: String {
    self.stateDirectory.appendingPathComponent("quakes.sqlite").path
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
