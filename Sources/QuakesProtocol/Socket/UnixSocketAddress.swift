import FoundationEssentials
public import Glibc

/// The address of a Unix domain socket (`sockaddr_un`) for a path: the one
/// place that fills `sun_path`, for the daemon's socket files, quakectl,
/// the tests and the load generator.
public struct UnixSocketAddress: Sendable {
  /// The longest socket path a Unix socket address holds, in bytes:
  /// `sun_path` less its final NUL (107 on Linux).
  public static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// The socket's path.
  public let path: String
  private var address = sockaddr_un()

  /// The address of `path`.
  ///
  /// - Throws: ``UnixSocketFailure/pathTooLong(path:)`` when `path` is
  ///   longer than ``maximumPathLength``.
  public init(_ path: String) throws(UnixSocketFailure) {
    let bytes = Array(path.utf8)
    guard bytes.count <= Self.maximumPathLength else { throw .pathTooLong(path: path) }
    self.path = path
    self.address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &self.address.sun_path) { $0.copyBytes(from: bytes) }
  }

  /// Calls `body` with the address as a `sockaddr` and its length (for
  /// `connect`, `bind`).
  public func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Result) rethrows
    -> Result
  {
    try withUnsafePointer(to: self.address) { pointer in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        try body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// A new blocking stream socket connected to this address; the caller
  /// closes it.
  ///
  /// - Throws: ``UnixSocketFailure/cannotCreateSocket(errno:)``, or
  ///   ``UnixSocketFailure/cannotConnect(path:errno:)`` with `connect`'s
  ///   `errno` (`ENOENT`, `ECONNREFUSED`: nothing listens; `EACCES`: not
  ///   this user's to connect to).
  public func connectedStreamSocket() throws(UnixSocketFailure) -> Int32 {
    let descriptor = try Self.socket(SOCK_STREAM)
    guard self.withSocketAddress({ connect(descriptor, $0, $1) }) == 0 else {
      let code = errno
      close(descriptor)
      throw .cannotConnect(path: self.path, errno: code)
    }
    return descriptor
  }

  /// A new stream socket bound to this address (not yet listening); the
  /// caller closes it.
  ///
  /// - Throws: ``UnixSocketFailure/cannotCreateSocket(errno:)`` or ``UnixSocketFailure/cannotBind(path:errno:)``.
  public func boundStreamSocket() throws(UnixSocketFailure) -> Int32 {
    try self.bound(Self.socket(SOCK_STREAM))
  }

  /// A new datagram socket bound to this address; the caller closes it.
  ///
  /// - Throws: ``UnixSocketFailure/cannotCreateSocket(errno:)`` or ``UnixSocketFailure/cannotBind(path:errno:)``.
  public func boundDatagramSocket() throws(UnixSocketFailure) -> Int32 {
    try self.bound(Self.socket(SOCK_DGRAM))
  }

  private func bound(_ descriptor: Int32) throws(UnixSocketFailure) -> Int32 {
    guard self.withSocketAddress({ bind(descriptor, $0, $1) }) == 0 else {
      let code = errno
      close(descriptor)
      throw .cannotBind(path: self.path, errno: code)
    }
    return descriptor
  }

  private static func socket(_ type: __socket_type) throws(UnixSocketFailure) -> Int32 {
    let descriptor = Glibc.socket(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .cannotCreateSocket(errno: errno) }
    return descriptor
  }
}
