public import Foundation

/// A `sockaddr_un` for a socket path, for the raw sockets of the tests.
public struct UnixSocketAddress {
  private var address = sockaddr_un()

  /// The address of `path`.
  ///
  /// - Throws: when `path` does not fit in `sun_path` (108 bytes).
  public init(_ path: String) throws {
    self.address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: self.address.sun_path) else {
      throw SocketPathTooLong(path: path)
    }
    withUnsafeMutableBytes(of: &self.address.sun_path) { $0.copyBytes(from: bytes) }
  }

  /// Calls `body` with the address as a `sockaddr` and its length (for
  /// `connect`, `bind`).
  public func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
    withUnsafePointer(to: self.address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  /// A socket path longer than a Unix socket address holds.
  public struct SocketPathTooLong: Error, CustomStringConvertible {
    let path: String
    public var description: String { "socket path too long (over 107 bytes): \(self.path)" }
  }
}
