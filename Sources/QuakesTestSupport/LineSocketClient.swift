import Foundation

/// A raw client of a Unix stream socket that speaks in lines: what a script
/// with `socat` would do, without the protocol types, so that tests see the
/// bytes the daemon sends. Blocking, with a receive timeout.
public final class LineSocketClient {
  private let descriptor: Int32
  private var pending: [UInt8] = []

  /// Why the client failed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Connects to the socket at `path`; reads give up after `timeout`.
  public init(path: String, timeout: Duration = .seconds(30)) throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    let address: UnixSocketAddress
    do {
      address = try UnixSocketAddress(path)
    } catch {
      close(descriptor)
      throw Failure(description: "\(error)")
    }
    guard address.withSocketAddress({ connect(descriptor, $0, $1) }) == 0 else {
      let message = String(cString: strerror(errno))
      close(descriptor)
      throw Failure(description: "connect to \(path): \(message)")
    }
    var interval = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    self.descriptor = descriptor
  }

  deinit {
    close(self.descriptor)
  }

  /// Sends `text` as it is (add the newline yourself).
  public func send(_ text: String) throws {
    try self.send(bytes: Array(text.utf8))
  }

  /// Sends raw bytes.
  public func send(bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
      offset += sent
    }
  }

  /// The next line the server sent, without its newline.
  ///
  /// - Throws: ``Failure`` on timeout, or when the server closed the connection.
  public func readLine() throws -> String {
    while true {
      if let newline = self.pending.firstIndex(of: 0x0A) {
        let line = String(decoding: self.pending[..<newline], as: UTF8.self)
        self.pending.removeSubrange(...newline)
        return line
      }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { throw Failure(description: "the server closed the connection") }
      if count < 0 { throw Failure(description: "no line from the server: \(String(cString: strerror(errno)))") }
      self.pending.append(contentsOf: buffer[..<count])
    }
  }

  /// The next line, parsed as a JSON object.
  public func readObject() throws -> [String: Any] {
    let line = try self.readLine()
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      throw Failure(description: "not a JSON object: \(line)")
    }
    return object
  }

  /// Sends one request line and reads the reply line as a JSON object.
  public func call(_ request: String) throws -> [String: Any] {
    try self.send(request + "\n")
    return try self.readObject()
  }

  /// Whether the server has closed its end, without reading what it sent
  /// (`poll` reports `POLLHUP` at once, unread data or not): for a client
  /// that must not read, since reading would let the server go on.
  public func isHungUp() -> Bool {
    var entry = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) == 1 else { return false }
    return entry.revents & Int16(POLLHUP) != 0
  }

  /// Whether the server closed the connection (reads end-of-file) within the timeout.
  public func isClosedByServer() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { return true }
      if count < 0 { return errno == ECONNRESET }
    }
  }
}
