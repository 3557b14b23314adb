public import FoundationEssentials
import Glibc
import QuakesProtocol

/// A client connection to a Unix stream socket that speaks in lines: what
/// quakectl sends its requests and reads its replies through, and what the
/// tests talk to the daemon with (they add their conveniences on top).
/// Blocking writes; line reads wait at most until a deadline (`poll(2)`),
/// so a server that accepts and never answers becomes a timeout, not a hang.
public final class LineConnection {
  /// The socket's path.
  public let path: String
  private let descriptor: Int32
  private var pending: [UInt8] = []

  /// Connects to the socket at `path`.
  ///
  /// - Throws: ``LineConnectionError/socket(_:)`` when the path is too long,
  ///   no socket can be made, or connecting fails (nothing listens, or this
  ///   user may not connect).
  public init(path: String) throws(LineConnectionError) {
    self.path = path
    do {
      self.descriptor = try UnixSocketAddress(path).connectedStreamSocket()
    } catch {
      throw .socket(error)
    }
  }

  deinit {
    close(self.descriptor)
  }

  /// Sends `data` whole.
  ///
  /// - Throws: ``LineConnectionError/sendFailed(errno:)``.
  public func send(_ data: Data) throws(LineConnectionError) {
    var offset = 0
    while offset < data.count {
      let sent = data[(data.startIndex + offset)...].withUnsafeBytes {
        Glibc.send(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else {
        if errno == EINTR { continue }
        throw .sendFailed(errno: errno)
      }
      offset += sent
    }
  }

  /// The next line, without its newline; waits until `deadline` (forever when `nil`).
  ///
  /// - Throws: ``LineConnectionError/timedOut`` once `deadline` has passed,
  ///   ``LineConnectionError/closedByPeer`` when the server closed the
  ///   connection first, or why reading failed.
  public func readLine(until deadline: ContinuousClock.Instant?) throws(LineConnectionError) -> Data {
    var scanned = 0
    while true {
      if let newline = self.pending[scanned...].firstIndex(of: 0x0A) {
        let line = Data(self.pending[..<newline])
        self.pending.removeSubrange(...newline)
        return line
      }
      scanned = self.pending.count
      try self.waitForInput(until: deadline)
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { throw .closedByPeer }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw .receiveFailed(errno: errno)
      }
      self.pending.append(contentsOf: buffer[..<count])
    }
  }

  /// Whether the server has closed its end, without reading what it sent
  /// (`poll` reports `POLLHUP` at once, unread data or not): for a client
  /// that must not read, since reading would let the server go on.
  public func isHungUp() -> Bool {
    var entry = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) == 1 else { return false }
    return entry.revents & Int16(POLLHUP) != 0
  }

  /// Whether the server closes the connection (reading reaches its end, or
  /// it resets) before `deadline`; what it sends until then is read and
  /// dropped.
  public func isClosedByPeer(before deadline: ContinuousClock.Instant) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      do {
        try self.waitForInput(until: deadline)
      } catch {
        return false
      }
      let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { return true }
      if count < 0, errno != EINTR, errno != EAGAIN { return errno == ECONNRESET }
    }
  }

  private func waitForInput(until deadline: ContinuousClock.Instant?) throws(LineConnectionError) {
    while true {
      var milliseconds: Int32 = -1
      if let deadline {
        let left = deadline - .now
        if left <= .zero { throw .timedOut }
        milliseconds = Int32(
          clamping: left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      }
      var entry = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, milliseconds)
      if ready > 0 { return }
      if ready < 0, errno != EINTR { throw .waitFailed(errno: errno) }
    }
  }
}
