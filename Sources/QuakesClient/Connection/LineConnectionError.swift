import FoundationEssentials
import Glibc
public import QuakesProtocol

/// Why a ``LineConnection`` failed; each `errno` is kept so that the caller
/// can say what it means for its user.
public enum LineConnectionError: Error, Equatable, CustomStringConvertible {
  /// The socket could not be addressed, made or connected to.
  case socket(UnixSocketFailure)
  /// `send(2)` failed (the server closed the connection, most often).
  case sendFailed(errno: Int32)
  /// The server closed the connection before a whole line came.
  case closedByPeer
  /// `recv(2)` failed.
  case receiveFailed(errno: Int32)
  /// `poll(2)` failed.
  case waitFailed(errno: Int32)
  /// No whole line came before the deadline.
  case timedOut

  public var description: String {
    switch self {
    case .socket(let failure): "\(failure)"
    case .sendFailed(let code): "send: \(String(cString: strerror(code)))"
    case .closedByPeer: "the server closed the connection"
    case .receiveFailed(let code): "no line from the server: \(String(cString: strerror(code)))"
    case .waitFailed(let code): "poll: \(String(cString: strerror(code)))"
    case .timedOut: "no line from the server in time"
    }
  }
}
