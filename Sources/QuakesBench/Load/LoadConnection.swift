import Foundation
import QuakesProtocol

/// One client connection of the load generator: a non-blocking socket, the
/// bytes still to send, the bytes received but not yet framed, and the send
/// time of each request whose reply has not arrived (replies come in
/// request order on a connection, on both protocols).
final class LoadConnection {
  let descriptor: Int32
  private var outbox: [UInt8] = []
  private var inbox: [UInt8] = []
  private var sentAt: [ContinuousClock.Instant] = []
  private var oldestPending = 0

  /// Connects to `target` and makes the socket non-blocking.
  init(_ target: LoadTarget) throws {
    switch target {
    case .unix(let path):
      self.descriptor = try UnixSocketAddress(path).connectedStreamSocket()
    case .tcp(let port):
      self.descriptor = try Self.connectedTCPSocket(port: port)
    }
    _ = fcntl(self.descriptor, F_SETFL, fcntl(self.descriptor, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(self.descriptor)
  }

  /// A blocking TCP socket connected to 127.0.0.1:`port`, without Nagle's delay.
  static func connectedTCPSocket(port: UInt16) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(descriptor)
      throw LoadGenerator.Failure(description: "connect 127.0.0.1:\(port): \(String(cString: strerror(code)))")
    }
    var noDelay: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    return descriptor
  }

  /// Requests sent whose replies have not arrived.
  var pending: Int { self.sentAt.count - self.oldestPending }
  var wantsToWrite: Bool { !self.outbox.isEmpty }

  /// Queues `request` (its whole wire form) and stamps its send time.
  func enqueue(_ request: [UInt8], at now: ContinuousClock.Instant) {
    self.outbox.append(contentsOf: request)
    self.sentAt.append(now)
  }

  /// Writes what the socket takes now.
  func flush() throws {
    while !self.outbox.isEmpty {
      let written = self.outbox.withUnsafeBytes { write(self.descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EAGAIN || errno == EINTR { return }
        throw self.failure("write")
      }
      self.outbox.removeFirst(written)
    }
  }

  /// Reads what has arrived and returns the replies it completes, each with
  /// its request's send time.
  func receive(framing: ResponseFraming) throws -> [(sentAt: ContinuousClock.Instant, isError: Bool)] {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(self.descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        self.inbox.append(contentsOf: chunk[0..<count])
        continue
      }
      if count == 0 { throw LoadGenerator.Failure(description: "the server closed a connection") }
      if errno == EAGAIN || errno == EINTR { break }
      throw self.failure("read")
    }
    var replies: [(sentAt: ContinuousClock.Instant, isError: Bool)] = []
    var start = 0
    while self.oldestPending < self.sentAt.count, let reply = framing.reply(in: self.inbox, from: start) {
      replies.append((self.sentAt[self.oldestPending], reply.isError))
      self.oldestPending += 1
      start = reply.end
    }
    self.inbox.removeFirst(start)
    if self.oldestPending > 4_096 {
      self.sentAt.removeFirst(self.oldestPending)
      self.oldestPending = 0
    }
    return replies
  }

  private func failure(_ what: String) -> LoadGenerator.Failure {
    LoadGenerator.Failure(description: "\(what): \(String(cString: strerror(errno)))")
  }
}
