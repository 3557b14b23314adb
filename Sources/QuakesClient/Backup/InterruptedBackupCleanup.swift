import FoundationEssentials
import Glibc

/// The partial backup file a stop signal removes: quakectl is killed by
/// Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP) while it waits
/// for the daemon's copy, and a half-written `FILE.partial-XXXXXX` would be
/// left behind. The handler only unlinks the path (async-signal-safe) and
/// then lets the signal end the process as it would have.
enum InterruptedBackupCleanup {
  /// The path to remove, as C text made before any signal can come; `nil` when none.
  nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

  private static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// Removes `path` if a stop signal comes before ``disarm()``.
  static func arm(removing path: String) {
    Self.path = strdup(path)
    for signal in Self.signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        if let path = InterruptedBackupCleanup.path { unlink(path) }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  /// Gives the stop signals their default actions back; the file is kept or was handled.
  static func disarm() {
    for signal in Self.signals { Glibc.signal(signal, SIG_DFL) }
    let path = Self.path
    Self.path = nil
    free(path)
  }
}
