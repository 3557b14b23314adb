import CStopSignals
import Foundation
import UnixSignals

/// The signals that stop quakesd gracefully: SIGTERM (systemd, `kill`) and
/// SIGINT (Ctrl-C); and SIGHUP, which reloads the configuration, except
/// when it was ignored as quakesd started (`nohup quakesd` keeps ignoring it).
///
/// CStopSignals records all three from the process's start; the service
/// group traps the stop signals once it runs, and ``resendEarly()`` hands it
/// those that came before; the daemon reloads once it listens for SIGHUP if
/// one came earlier (``hangupCameEarly``).
enum StopSignals {
  /// The signals for the service group's `gracefulShutdownSignals`.
  static var trapped: [UnixSignal] {
    [UnixSignal.sigterm, .sigint]
  }

  /// Whether SIGHUP was ignored as quakesd started (`nohup`): it stays ignored.
  static var hangupIgnored: Bool {
    quakesd_ignored_stop_signals() & Self.bit(.sighup) != 0
  }

  /// Whether a SIGHUP came before the daemon listened for it.
  static var hangupCameEarly: Bool {
    quakesd_early_stop_signals() & Self.bit(.sighup) != 0
  }

  /// Sends each stop signal that arrived before the service group trapped
  /// them to the process again, now that the group does: a stop requested
  /// in the first milliseconds is then as graceful as a later one.
  static func resendEarly() {
    let early = quakesd_early_stop_signals()
    for signal in Self.trapped where early & Self.bit(signal) != 0 {
      kill(getpid(), signal.rawValue)
    }
  }

  private static func bit(_ signal: UnixSignal) -> UInt32 {
    1 << UInt32(signal.rawValue)
  }
}
