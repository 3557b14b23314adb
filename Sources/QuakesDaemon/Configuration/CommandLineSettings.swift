/// What the command line says, as typed: the values of the flags that
/// override the configuration (checked when the configuration is resolved,
/// so a bad flag value is a configuration error like a bad file value), and
/// the run modes that only flags set.
public struct CommandLineSettings: Hashable, Sendable {
  /// `--config FILE`: the configuration file to read.
  public var configFile: String?
  /// `--state-dir DIR`.
  public var stateDirectory: String?
  /// `--runtime-dir DIR`.
  public var runtimeDirectory: String?
  /// `--feed NAME[=INTERVAL]`, repeated; when any, they replace the configured feeds.
  public var feeds: [String]
  /// `--feed-base-url URL`.
  public var feedBaseURL: String?
  /// `--no-upstream-deletions`.
  public var noUpstreamDeletions: Bool
  /// `--log-level LEVEL`.
  public var logLevel: String?
  /// `--once`: poll each feed once, write and exit.
  public var once: Bool
  /// `--ephemeral`: keep the cache in memory only.
  public var ephemeral: Bool

  /// Creates settings; by default, no flag given.
  public init(
    configFile: String? = nil,
    stateDirectory: String? = nil,
    runtimeDirectory: String? = nil,
    feeds: [String] = [],
    feedBaseURL: String? = nil,
    noUpstreamDeletions: Bool = false,
    logLevel: String? = nil,
    once: Bool = false,
    ephemeral: Bool = false
  ) {
    self.configFile = configFile
    self.stateDirectory = stateDirectory
    self.runtimeDirectory = runtimeDirectory
    self.feeds = feeds
    self.feedBaseURL = feedBaseURL
    self.noUpstreamDeletions = noUpstreamDeletions
    self.logLevel = logLevel
    self.once = once
    self.ephemeral = ephemeral
  }
}
