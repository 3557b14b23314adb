import Foundation
import Logging
import QuakesTestSupport
import Testing

@testable import QuakesDaemon

/// The metrics listener's deadline for a whole request, with real TCP
/// sockets: a client that trickles its request is never silent, and must
/// still not hold its slot. The cut-off runs on NIO's event loop, so a
/// listener in this process with a short deadline shows it; answers come
/// from a real quakesd.
@Suite("Metrics listener: a deadline for a whole request", .timeLimit(.minutes(3)))
struct MetricsRequestDeadlineTests {
  /// Serves `/metrics` on a free loopback port with `deadline` for a request.
  private func withServer(
    deadline: Duration, _ body: (_ port: Int) async throws -> Void
  ) async throws {
    let address = try #require(ListenAddress(parsing: "127.0.0.1:0"))
    let server = try await MetricsHTTPServer.listen(
      on: address, requestDeadline: .nanoseconds(Int64(deadline.components.seconds * 1_000_000_000)))
    let port = try #require(server.address.split(separator: ":").last.flatMap { Int($0) })
    let serving = Task { await server.run(metrics: { "# metrics\n" }, logger: Logger(label: "metrics-test")) }
    defer { serving.cancel() }
    try await body(port)
  }

  /// Sends `client` one byte of `text` every `pause` until the server
  /// closes the connection; returns how many bytes went, or `nil` when it
  /// was still open after `limit`.
  private func trickle(
    _ text: String, to client: TCPTestClient, every pause: Duration, for limit: Duration
  ) async throws -> Int? {
    let end = ContinuousClock.now + limit
    var sent = 0
    for character in text {
      if client.isClosedByServer() || !client.send(String(character)) { return sent }
      sent += 1
      guard ContinuousClock.now < end else { return nil }
      try await Task.sleep(for: pause)
    }
    return nil
  }

  /// A head of about 400 bytes: 20 s at 50 ms a byte.
  private static let slowHead =
    "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + String(repeating: "a", count: 360)

  @Test("a request sent a byte every 50 ms is cut off at the deadline (1 s), not answered when its head ends")
  func tricklingClientIsCutOff() async throws {
    try await withServer(deadline: .seconds(1)) { port in
      let client = try TCPTestClient(port: port)
      let sent = try await self.trickle(Self.slowHead, to: client, every: .milliseconds(50), for: .seconds(20))
      let bytes = try #require(sent, "the server kept a trickling client open for 20 s")
      #expect(bytes < Self.slowHead.utf8.count)
      #expect(try await client.readToEnd(before: .now + .seconds(5)) == "", "closed without an answer")
    }
  }

  /// Runs `body` with the port of a real quakesd's metrics listener: an
  /// answer comes from that process, not from this test run's task pool,
  /// which the run's other tests keep busy for seconds at a time. Its
  /// deadline is the daemon's, ``MetricsHTTPServer/requestDeadline`` (10 s).
  private func withQuakesdMetrics(_ body: (_ port: Int) async throws -> Void) async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3), arguments: ["--metrics-listen", "127.0.0.1:0"]) { daemon, _ in
      let line = try await daemon.child.waitForLine { $0.contains("serving metrics on http://127.0.0.1:") }
      let port = try #require(
        line.components(separatedBy: "http://127.0.0.1:").last?.split(separator: "/").first.flatMap { Int($0) })
      try await body(port)
    }
  }

  @Test("on a kept-alive connection, the deadline of a later request starts at its first byte")
  func laterRequestHasItsOwnDeadline() async throws {
    try await withQuakesdMetrics { port in
      let client = try TCPTestClient(port: port)
      // A whole request, answered (read at once: a close with the trickled
      // bytes unread resets the connection, which drops what was not read),
      // then a second one trickled: 20 s of it, cut off at 10 s.
      #expect(client.send("HEAD /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
      let first = try await client.read(until: "\r\n\r\n", before: .now + .seconds(30))
      #expect(first.hasPrefix("HTTP/1.1 200 OK"), "\(first)")
      let sent = try await self.trickle(Self.slowHead, to: client, every: .milliseconds(50), for: .seconds(20))
      #expect(sent != nil, "the server kept a trickling client open for 20 s")
      let later = try await client.readToEnd(before: .now + .seconds(5)) ?? ""
      #expect(!later.contains("HTTP/1.1 "), "no answer to the trickled request: \(later)")
    }
  }

  @Test("a client that half-closes after its request gets its answer")
  func halfClosedClientIsAnswered() async throws {
    try await withQuakesdMetrics { port in
      let client = try TCPTestClient(port: port)
      #expect(client.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
      client.halfClose()
      let answer = try #require(try await client.readToEnd(before: .now + .seconds(30)), "the server did not close")
      #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(answer)")
      #expect(answer.contains("\nquakesd_build_info{"), "\(answer.prefix(300))")
    }
  }
}
