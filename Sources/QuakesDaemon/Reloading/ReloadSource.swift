public import Logging

/// What a reload needs from the process that runs the daemon: how to read
/// the configuration again, the log level every logger reads, and whether
/// SIGHUP asks for a reload.
public struct ReloadSource: Sendable {
  /// Reads the configuration file, the environment and the flags again.
  let load: @Sendable () throws(ConfigurationError) -> ResolvedConfiguration
  /// The level every ``StderrLogHandler`` of the process reads.
  let logLevel: ReloadableSetting<Logger.Level>
  /// Whether SIGHUP reloads: not when it was ignored as quakesd started (`nohup quakesd`).
  let reloadsOnHangup: Bool
  /// Whether a SIGHUP came before quakesd listened for it (then it reloads once it does).
  let hangupCameEarly: @Sendable () -> Bool

  /// Creates a source.
  public init(
    load: @escaping @Sendable () throws(ConfigurationError) -> ResolvedConfiguration,
    logLevel: ReloadableSetting<Logger.Level>,
    reloadsOnHangup: Bool,
    hangupCameEarly: @escaping @Sendable () -> Bool
  ) {
    self.load = load
    self.logLevel = logLevel
    self.reloadsOnHangup = reloadsOnHangup
    self.hangupCameEarly = hangupCameEarly
  }
}
