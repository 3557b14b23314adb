import QuakesModel
public import QuakesProtocol

/// Why a command failed, with the exit status a script can rely on and a
/// message that says what happened and what to do.
public enum ClientError: Error, CustomStringConvertible, Sendable {
  /// No daemon listens at `path` (exit 7).
  case notRunning(path: String, tried: [String])
  /// The socket refuses this user, or a control method went to query.sock (exit 4).
  case permissionDenied(path: String, detail: String)
  /// The daemon did not answer in time (exit 3).
  case timeout(path: String, seconds: Double)
  /// The daemon speaks another protocol version (exit 9).
  case versionMismatch(daemon: Int, path: String)
  /// The daemon answered with an error.
  case daemon(ProtocolError)
  /// The connection broke, or the reply is not what the protocol says (exit 1).
  case connection(String)
  /// Something the user asked that cannot be done as asked (exit 2).
  case usage(String)

  /// The exit status: 1 failure, 2 usage, 3 timeout, 4 permission denied,
  /// 7 daemon not running, 9 protocol version mismatch, 10 not found.
  public var exitStatus: Int32 {
    switch self {
    case .notRunning: 7
    case .permissionDenied: 4
    case .timeout: 3
    case .versionMismatch: 9
    case .usage: 2
    case .connection: 1
    case .daemon(let error):
      switch error.code {
      case .notFound: 10
      case .permissionDenied: 4
      case .unsupportedVersion: 9
      case .invalidRequest: 2
      default: 1
      }
    }
  }

  public var description: String {
    switch self {
    case .notRunning(let path, let tried):
      let elsewhere = tried.count > 1 ? " (looked in \(tried.joined(separator: ", ")))" : ""
      return
        "quakesd is not running: no socket at \(path)\(elsewhere). Start it with `systemctl start quakesd` or `quakesd`, or name its socket with --socket or QUAKESD_SOCKET."
    case .permissionDenied(let path, let detail):
      return "permission denied on \(path): \(detail)"
    case .timeout(let path, let seconds):
      return
        "quakesd did not answer within \(Self.secondsText(seconds)) s on \(path); it may be busy or hung: check `systemctl status quakesd`, or raise --timeout."
    case .versionMismatch(let daemon, let path):
      return
        "quakesd at \(path) speaks protocol version \(daemon), this quakectl speaks \(WireProtocol.version): use the quakectl that came with that quakesd."
    case .daemon(let error):
      return "\(error.message) (\(error.code.rawValue))"
    case .connection(let message):
      return message
    case .usage(let message):
      return message
    }
  }

  /// A timeout's seconds as `--timeout` takes them: `30`, `2.5`.
  private static func secondsText(_ seconds: Double) -> String {
    String(printf: "%g", seconds)
  }
}
