import Foundation

/// One connection to a daemon socket: blocking writes, and line reads that
/// wait at most until a deadline (`poll(2)`), so a daemon that accepts and
/// never answers becomes a timeout, not a hang.
final class DaemonConnection {
  let path: String
  private let descriptor: Int32
  private var pending: [UInt8] = []

  /// Connects to the socket at `path`.
  ///
  /// - Throws: ``ClientError/notRunning(path:tried:)`` when nothing listens
  ///   there, ``ClientError/permissionDenied(path:detail:)`` when this user
  ///   may not connect.
  init(path: String, tried: [String]) throws(ClientError) {
    self.path = path
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .connection("cannot create a socket: \(String(cString: strerror(errno)))") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(descriptor)
      throw .usage("the socket path is too long (over 107 bytes): \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(descriptor)
      switch code {
      case ENOENT, ECONNREFUSED, ENOTDIR:
        throw .notRunning(path: path, tried: tried)
      case EACCES, EPERM:
        throw .permissionDenied(
          path: path,
          detail:
            "this user may not connect. control.sock is for root and the group quakes: run `sudo usermod -aG quakes $USER` and log in again, or use sudo."
        )
      default:
        throw .connection("cannot connect to \(path): \(String(cString: strerror(code)))")
      }
    }
    self.descriptor = descriptor
  }

  deinit {
    close(self.descriptor)
  }

  /// Sends `data` whole.
  func send(_ data: Data) throws(ClientError) {
    var offset = 0
    while offset < data.count {
      let sent = data[offset...].withUnsafeBytes {
        Glibc.send(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else {
        if errno == EINTR { continue }
        throw .connection(
          "quakesd closed the connection on \(self.path) while the request was sent: \(String(cString: strerror(errno)))"
        )
      }
      offset += sent
    }
  }

  /// The next line, without its newline; waits until `deadline` (forever when `nil`).
  ///
  /// - Throws: ``ClientError/timeout(path:seconds:)``, or
  ///   ``ClientError/connection(_:)`` when the daemon closed the connection.
  func readLine(deadline: ContinuousClock.Instant?, timeout: Duration?) throws(ClientError) -> Data {
    var scanned = 0
    while true {
      if let newline = self.pending[scanned...].firstIndex(of: 0x0A) {
        let line = Data(self.pending[..<newline])
        self.pending.removeSubrange(...newline)
        return line
      }
      scanned = self.pending.count
      try self.waitForInput(until: deadline, timeout: timeout)
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 {
        throw .connection(
          "quakesd closed the connection on \(self.path) before it answered; see `journalctl -u quakesd`.")
      }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw .connection("reading from \(self.path) failed: \(String(cString: strerror(errno)))")
      }
      self.pending.append(contentsOf: buffer[..<count])
    }
  }

  private func waitForInput(until deadline: ContinuousClock.Instant?, timeout: Duration?) throws(ClientError) {
    while true {
      var milliseconds: Int32 = -1
      if let deadline {
        let left = deadline - .now
        if left <= .zero { throw .timeout(path: self.path, seconds: Self.seconds(timeout ?? .zero)) }
        milliseconds = Int32(
          clamping: left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      }
      var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready > 0 { return }
      if ready < 0, errno != EINTR {
        throw .connection("waiting for \(self.path) failed: \(String(cString: strerror(errno)))")
      }
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
