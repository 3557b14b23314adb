import Foundation

/// A raw TCP connection to 127.0.0.1, for what curl cannot do: send a
/// request a byte at a time, half-close after it, and see when the server
/// closes. Every wait is bounded by a deadline.
final class TCPTestClient: Sendable {
  /// Why a connection could not be made.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let descriptor: Int32

  /// Connects to 127.0.0.1:`port`.
  init(port: Int) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let error = errno
      close(descriptor)
      throw Failure(description: "connect to port \(port): errno \(error)")
    }
    self.descriptor = descriptor
  }

  deinit {
    close(self.descriptor)
  }

  /// Sends `text`; `false` when the server has closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Shuts down the writing side: the server reads end-of-file, the
  /// connection stays open for its answer.
  func halfClose() {
    shutdown(self.descriptor, Int32(SHUT_WR))
  }

  /// Everything the server sends until it closes the connection, or `nil`
  /// when it has not closed it by `deadline`.
  func readToEnd(before deadline: ContinuousClock.Instant) -> String? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let left = deadline - .now
      guard left > .zero else { return nil }
      var entry = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, Int32(clamping: left.components.seconds * 1_000 + 1))
      if ready < 0, errno != EINTR { return nil }
      guard ready > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 || (count < 0 && errno == ECONNRESET) {
        return String(decoding: received, as: UTF8.self)
      }
      if count > 0 { received.append(contentsOf: buffer[..<count]) }
    }
  }

  /// Whether the server has closed the connection, without waiting.
  func isClosedByServer() -> Bool {
    var entry = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) == 1 else { return false }
    var byte: UInt8 = 0
    let count = recv(self.descriptor, &byte, 1, Int32(MSG_PEEK))
    return count == 0 || (count < 0 && errno == ECONNRESET)
  }
}
