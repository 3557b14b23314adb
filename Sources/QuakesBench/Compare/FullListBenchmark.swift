import Foundation
import QuakesProtocol

/// Issue 16's full list: every cached quake asked for at once, on quakesd's
/// query socket (`quakes.list` with `"more":true`, streamed in lines of 500)
/// and from datasette (its CSV stream, `_stream=on`: its JSON stops at
/// `max_returned_rows`, 1,000). Each request has parameters of its own, so
/// no cache answers it; a fresh connection each time, one at a time.
///
/// Measured: the first byte, the last byte, and how far the daemon's
/// resident memory rose above where it was before the request (its peak,
/// `VmHWM`, reset through `/proc/PID/clear_refs` first): what "the reply is
/// written as it is encoded" must keep bounded.
struct FullListBenchmark {
  struct Run {
    var firstByte: Double
    var lastByte: Double
    var bytes: Int
    /// MiB above the resident memory before the request; `nil` for the peer,
    /// and where `/proc/PID/clear_refs` could not be written.
    var memoryRise: Double?
  }

  struct Result {
    var ours: [Run] = []
    var peer: [Run] = []
  }

  let querySocket: String
  let daemon: pid_t
  let peerPort: UInt16?
  /// How many quakes the cache holds: every line is checked against it.
  let quakes: Int
  let rounds: Int

  func run() throws -> Result {
    var result = Result()
    for round in 0..<self.rounds {
      result.ours.append(try self.ours(round: round))
      if let port = self.peerPort { result.peer.append(try self.peer(port: port, round: round)) }
    }
    return result
  }

  private func ours(round: Int) throws -> Run {
    let before = try ProcessMemory(of: self.daemon).resident
    // Without the reset, VmHWM is the daemon's peak since it started (its
    // load, say), not this reply's: then no rise is reported at all.
    let peakWasReset =
      (try? "5".write(toFile: "/proc/\(self.daemon)/clear_refs", atomically: false, encoding: .utf8)) != nil
    let socket = try UnixSocketAddress(self.querySocket).connectedStreamSocket()
    defer { close(socket) }
    let request = #"{"method":"quakes.list","params":{"until":"\#(DistinctUntil.iso8601(round))"},"more":true}"# + "\n"
    let start = ContinuousClock.now
    try Self.send(Array(request.utf8), to: socket)
    var lines = LineTally()
    let (firstByte, bytes) = try Self.receive(from: socket, since: start) { chunk in
      lines.add(chunk)
      return lines.sawLastLine
    }
    let lastByte = Self.milliseconds(since: start)
    let expectedLines = max(1, (self.quakes + ListReplyPieces.quakesPerLine - 1) / ListReplyPieces.quakesPerLine)
    guard lines.sawLastLine, lines.count == expectedLines, lines.errors == 0 else {
      throw MeasuredRun.Failure(
        description:
          "the full list came in \(lines.count) lines (\(lines.errors) errors), not \(expectedLines) for \(self.quakes) quakes"
      )
    }
    let peak = try ProcessMemory(of: self.daemon).peak
    return Run(
      firstByte: firstByte, lastByte: lastByte, bytes: bytes, memoryRise: peakWasReset ? max(0, peak - before) : nil)
  }

  private func peer(port: UInt16, round: Int) throws -> Run {
    let socket = try LoadConnection.connectedTCPSocket(port: port)
    defer { close(socket) }
    let path = "/peer/quakes.csv?_stream=on&_sort_desc=time&time__lt=\(DistinctUntil.milliseconds(round))"
    let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    let start = ContinuousClock.now
    try Self.send(Array(request.utf8), to: socket)
    var newlines = 0
    let (firstByte, bytes) = try Self.receive(from: socket, since: start) { chunk in
      newlines += chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      return false
    }
    guard newlines > self.quakes else {
      throw MeasuredRun.Failure(description: "datasette's CSV stream held \(newlines) lines for \(self.quakes) quakes")
    }
    return Run(firstByte: firstByte, lastByte: Self.milliseconds(since: start), bytes: bytes, memoryRise: nil)
  }

  static func send(_ bytes: [UInt8], to socket: Int32) throws {
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
      guard written > 0 else { throw MeasuredRun.Failure(description: "write to the server failed: errno \(errno)") }
      sent += written
    }
  }

  /// Reads until `isComplete` says so or the server closes; the first
  /// byte's time in ms since `start`, and the bytes read.
  static func receive(
    from socket: Int32, since start: ContinuousClock.Instant, isComplete: (ArraySlice<UInt8>) -> Bool
  ) throws -> (Double, Int) {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var firstByte: Double?
    var total = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw MeasuredRun.Failure(description: "read from the server failed: errno \(errno)") }
      if count == 0 { break }
      firstByte = firstByte ?? self.milliseconds(since: start)
      total += count
      if isComplete(buffer[..<count]) { break }
    }
    guard let firstByte else { throw MeasuredRun.Failure(description: "the server closed without replying") }
    return (firstByte, total)
  }

  static func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
  }

  /// Counts the reply lines of a streamed list as the bytes come, without
  /// holding them: a line ends in a newline; the last one does not end in
  /// `,"continues":true}`; an error line starts `{"v":1,"error"` or has one after its id.
  private struct LineTally {
    private static let continuing = Array(#","continues":true}"#.utf8)
    private static let error = Array(#""error":{"#.utf8)
    private(set) var count = 0
    private(set) var errors = 0
    private(set) var sawLastLine = false
    /// The last bytes seen, enough to recognise a line's end or start.
    private var tail: [UInt8] = []
    private var lineStart: [UInt8] = []

    mutating func add(_ chunk: ArraySlice<UInt8>) {
      for byte in chunk {
        if byte == UInt8(ascii: "\n") {
          self.count += 1
          self.sawLastLine = !self.tail.elementsEqual(Self.continuing)
          if self.lineStart.firstRange(of: Self.error) != nil { self.errors += 1 }
          self.tail.removeAll(keepingCapacity: true)
          self.lineStart.removeAll(keepingCapacity: true)
          continue
        }
        if self.lineStart.count < 48 { self.lineStart.append(byte) }
        self.tail.append(byte)
        if self.tail.count > Self.continuing.count { self.tail.removeFirst() }
      }
    }
  }
}
