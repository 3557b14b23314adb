import FoundationEssentials
import Glibc

/// The runtime directories that hold the daemon's sockets when nobody names
/// one. The daemon creates its sockets in the one that fits how it runs, and
/// quakectl looks in the same places, in order, so the two cannot disagree.
public enum SocketDirectory {
  /// The systemd service's (`RuntimeDirectory=quakesd`): `/run/quakesd`.
  public static let service = "/run/quakesd"

  /// A daemon run by a user with a login session: `$XDG_RUNTIME_DIR/quakesd`;
  /// `nil` when `XDG_RUNTIME_DIR` is unset or not an absolute path.
  public static func session(environment: [String: String]) -> String? {
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: runtime).appendingPathComponent("quakesd").path
  }

  /// A daemon run by a user without `XDG_RUNTIME_DIR`: `/tmp/quakesd-UID`.
  public static var fallback: String {
    "/tmp/quakesd-\(getuid())"
  }

  /// Where a daemon run by hand puts its sockets: ``session(environment:)``,
  /// else ``fallback``.
  public static func user(environment: [String: String]) -> String {
    self.session(environment: environment) ?? self.fallback
  }
}
