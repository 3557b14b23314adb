/// The result of `daemon.reload`: the configuration was read again and is
/// valid; which settings changed, and which of those wait for a restart.
public struct ReloadResult: Hashable, Sendable, Codable {
  /// The configuration file read, if any.
  public var configFile: String?
  /// The keys whose new values now apply (e.g. `feeds`, `log-level`).
  public var applied: [String]
  /// The keys whose new values need a restart (`state-dir`, `runtime-dir`,
  /// `feed-base-url`, `metrics-listen`, `http-listen`, …); the daemon keeps their old values until then.
  public var restartNeeded: [String]

  /// Creates a result.
  public init(configFile: String?, applied: [String], restartNeeded: [String]) {
    self.configFile = configFile
    self.applied = applied
    self.restartNeeded = restartNeeded
  }
}
