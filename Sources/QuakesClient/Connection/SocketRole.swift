/// Which of the daemon's two sockets a command talks to.
public enum SocketRole: String, Sendable {
  /// `control.sock`: every method (root and group `quakes`).
  case control
  /// `query.sock`: the read-only methods (everyone).
  case query

  /// The socket's file name in the runtime directory.
  public var fileName: String { "\(self.rawValue).sock" }
}
