import Glibc

/// A loopback TCP port that refuses every connection for as long as this
/// value lives: a socket bound to it that never listens. The kernel answers
/// a connection with a reset (`ECONNREFUSED`), and no other server can take
/// the port meanwhile. A server started and shut down leaves its port free
/// instead, and a test running beside may bind it before the connection is
/// made (a "refused" request was once answered by another test's stand-in).
public final class RefusingPort: Sendable {
  /// The port, on 127.0.0.1.
  public let port: Int
  private let descriptor: Int32

  /// Binds a socket to a free port of 127.0.0.1, without listening.
  public init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RefusingPortError(call: "socket", errno: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let failed = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> String? in
        if bind(descriptor, address, length) != 0 { return "bind" }
        if getsockname(descriptor, address, &length) != 0 { return "getsockname" }
        return nil
      }
    }
    if let failed {
      let error = errno
      close(descriptor)
      throw RefusingPortError(call: failed, errno: error)
    }
    self.descriptor = descriptor
    self.port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit {
    close(self.descriptor)
  }

  /// `http://127.0.0.1:PORT/`, a base URL nothing answers at.
  public var baseURL: String { "http://127.0.0.1:\(self.port)/" }
}

/// A socket call that failed while reserving a ``RefusingPort``.
public struct RefusingPortError: Error, CustomStringConvertible {
  public let call: String
  public let errno: Int32

  public var description: String { "\(self.call) failed: \(String(cString: strerror(self.errno)))" }
}
