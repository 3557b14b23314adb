import FoundationEssentials
import Glibc

/// Why a Unix socket could not be addressed, made or connected to; the
/// `errno` is kept so that each caller can say what it means for its user.
public enum UnixSocketFailure: Error, Equatable, CustomStringConvertible {
  /// The path does not fit in a Unix socket address (over
  /// ``UnixSocketAddress/maximumPathLength`` bytes).
  case pathTooLong(path: String)
  /// `socket(2)` failed.
  case cannotCreateSocket(errno: Int32)
  /// `connect(2)` failed.
  case cannotConnect(path: String, errno: Int32)
  /// `bind(2)` failed.
  case cannotBind(path: String, errno: Int32)

  public var description: String {
    switch self {
    case .pathTooLong(let path):
      "socket path too long (over \(UnixSocketAddress.maximumPathLength) bytes): \(path)"
    case .cannotCreateSocket(let code):
      "socket: \(String(cString: strerror(code)))"
    case .cannotConnect(let path, let code):
      "connect to \(path): \(String(cString: strerror(code)))"
    case .cannotBind(let path, let code):
      "bind \(path): \(String(cString: strerror(code)))"
    }
  }
}
