public import FoundationEssentials
import Glibc
public import QuakesProtocol

/// Where quakectl finds the daemon's sockets, first match wins:
///
/// 1. `--socket PATH`, else `QUAKESD_SOCKET`: a directory holding
///    `control.sock` and `query.sock`, or one socket file used for every
///    command;
/// 2. `/run/quakesd/` (the systemd service);
/// 3. `$XDG_RUNTIME_DIR/quakesd/` (a daemon run by the user);
/// 4. `/tmp/quakesd-UID/` (a daemon run without `XDG_RUNTIME_DIR`).
///
/// Among 2–4, the first directory whose socket exists; when none does, the
/// first, so the error names where the service would be.
public struct SocketPaths: Sendable {
  /// The runtime directories tried, in order, when no socket is named.
  public let candidates: [String]
  private let explicit: String?

  /// Socket discovery for `option` (`--socket`) and `environment`.
  public init(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.explicit = option ?? environment["QUAKESD_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    self.candidates = [
      SocketDirectory.service, SocketDirectory.session(environment: environment), SocketDirectory.fallback,
    ]
    .compactMap { $0 }
  }

  /// The socket file for `role`.
  public func path(for role: SocketRole) -> String {
    if let explicit = self.explicit {
      var status = stat()
      if stat(explicit, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        return explicit.appendingPathComponent(role.fileName)
      }
      return explicit
    }
    let paths = self.candidates.map { $0.appendingPathComponent(role.fileName) }
    return paths.first { FileManager.default.fileExists(atPath: $0) } ?? paths[0]
  }

  /// Whether the user named the socket (then errors do not list the candidates).
  public var isExplicit: Bool { self.explicit != nil }
}
