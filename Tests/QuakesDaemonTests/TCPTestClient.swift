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

  /// What the server sends until `marker` has come, the connection closes,
  /// or `deadline` passes, whichever is first.
  func read(until marker: String, before deadline: ContinuousClock.Instant) async throws -> String {
    var received: [UInt8] = []
    while !String(decoding: received, as: UTF8.self).contains(marker),
      case .data(let bytes) = try await self.next(before: deadline)
    {
      received += bytes
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Everything the server sends until it closes the connection, or `nil`
  /// when it has not closed it by `deadline`.
  func readToEnd(before deadline: ContinuousClock.Instant) async throws -> String? {
    var received: [UInt8] = []
    while true {
      switch try await self.next(before: deadline) {
      case .data(let bytes): received += bytes
      case .closed: return String(decoding: received, as: UTF8.self)
      case .timedOut: return nil
      }
    }
  }

  private enum Received {
    case data([UInt8])
    case closed
    case timedOut
  }

  /// The next bytes the server sends. It looks without blocking and sleeps
  /// between looks: a blocking wait would hold a thread of the task pool,
  /// which the server under test may need to answer.
  private func next(before deadline: ContinuousClock.Instant) async throws -> Received {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while ContinuousClock.now < deadline {
      let count = buffer.withUnsafeMutableBytes {
        recv(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
      }
      if count > 0 { return .data(Array(buffer[..<count])) }
      if count == 0 || (errno != EAGAIN && errno != EINTR) { return .closed }
      try await Task.sleep(for: .milliseconds(5))
    }
    return .timedOut
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
