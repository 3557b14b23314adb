import Foundation
import Logging
import NIOCore
import QuakesServer
import QuakesTestSupport
import Testing

/// The HTTP listener `/metrics` and the FDSN service run on, with curl.
@Suite("HTTP listener: streamed pieces, keep-alive, HTTP/1.0")
struct HTTPListenerTests {
  /// Runs `body` against a listener on 127.0.0.1 answering with `handler`
  /// (its clocks are `HTTPListenerClockTests`', on a clock the test drives).
  private static func withListener(
    _ handler: @escaping HTTPListener.Handler, _ body: (_ url: String, _ port: Int) async throws -> Void
  ) async throws {
    let limits = HTTPListener.Limits(
      idleTimeout: .seconds(60), requestDeadline: .seconds(60), maximumConnections: Self.maximumConnections)
    let listener = try await HTTPListener.bind(host: "127.0.0.1", port: 0, limits: limits)
    let serving = Task { await listener.run(name: "test", logger: Logger(label: "test"), handler: handler) }
    defer { serving.cancel() }
    let port = try #require(listener.address.split(separator: ":").last.flatMap { Int($0) })
    try await body("http://\(listener.address)/", port)
  }

  private static let maximumConnections = 4

  /// A body of `texts`, a piece each.
  private static func body(ofPieces texts: [String]) -> HTTPAnswer.Body {
    .pieces(
      AsyncThrowingStream { continuation in
        for text in texts { continuation.yield(ByteBuffer(string: text)) }
        continuation.finish()
      })
  }

  @Test("pieces are sent chunked, and a kept-alive connection serves the next request after them")
  func pieces() async throws {
    try await Self.withListener({ head, _ in
      HTTPAnswer(
        status: .ok, body: Self.body(ofPieces: (0..<3).map { "\(head.uri) piece \($0)\n" }))
    }) { url, _ in
      let result = try await Command.run(
        "/usr/bin/curl", ["-sS", "-i", url + "a", "--next", "-sS", url + "b"])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("transfer-encoding: chunked"))
      #expect(result.output.contains("/a piece 0\n/a piece 1\n/a piece 2\n"))
      #expect(result.output.hasSuffix("/b piece 0\n/b piece 1\n/b piece 2\n"))
    }
  }

  @Test("HTTP/1.0: pieces end with the connection; a whole answer kept alive says so")
  func http10() async throws {
    try await Self.withListener({ head, _ in
      head.uri == "/whole"
        ? .text("whole\n")
        : HTTPAnswer(status: .ok, body: Self.body(ofPieces: ["piece 0\n", "piece 1\n"]))
    }) { url, _ in
      let streamed = try await Command.run("/usr/bin/curl", ["-sS", "-i", "--http1.0", url + "pieces"])
      #expect(streamed.output.contains("connection: close") || streamed.output.contains("Connection: close"))
      #expect(streamed.output.hasSuffix("piece 0\npiece 1\n"))
      let whole = try await Command.run(
        "/usr/bin/curl", ["-sS", "-i", "--http1.0", "-H", "Connection: keep-alive", url + "whole"])
      #expect(whole.output.contains("Connection: keep-alive"), "\(whole.output)")
    }
  }

  @Test("more connections than the cap: the one past it is closed unanswered; a place freed serves the next")
  func connectionCap() async throws {
    try await Self.withListener({ head, _ in .text("answered \(head.uri)\n") }) { _, port in
      var held: [TCPTestClient] = []
      for index in 0..<Self.maximumConnections {
        let connection = try TCPTestClient(port: port)
        connection.send("GET /held\(index) HTTP/1.1\r\nHost: test\r\n\r\n")
        let answer = try await connection.read(until: "answered /held\(index)\n", before: .now + .seconds(30))
        #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "connection \(index) is served: \(answer)")
        held.append(connection)
      }
      let extra = try TCPTestClient(port: port)
      extra.send("GET /extra HTTP/1.1\r\nHost: test\r\n\r\n")
      #expect(try await extra.readToEnd(before: .now + .seconds(30)) == "", "closed without an answer")
      held.removeFirst()  // closes it
      let next = try await poll(until: .now + .seconds(30), every: .milliseconds(20)) { () -> String? in
        let connection = try TCPTestClient(port: port)
        connection.send("GET /next HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        let answer = try await connection.readToEnd(before: .now + .seconds(30)) ?? ""
        return answer.isEmpty ? nil : answer
      }
      #expect(next?.hasSuffix("answered /next\n") == true, "\(String(describing: next))")
      #expect(held.count == Self.maximumConnections - 1)
    }
  }

  @Test(
    "a request the decoder cannot read: 431 for a head over 80 KiB, 400 for one that is not HTTP, each with its reason",
    arguments: [
      (
        "GET / HTTP/1.1\r\nHost: test\r\nX-Padding: " + String(repeating: "x", count: 100 * 1_024) + "\r\n\r\n",
        "HTTP/1.1 431 Request Header Fields Too Large", "larger than 80 KiB"
      ),
      ("NOT HTTP AT ALL\r\n\r\n", "HTTP/1.1 400 Bad Request", "is not HTTP/1.0 or 1.1 that this server can read"),
      // NIO's decoder reports this one twice: it is refused once.
      ("GET / HTTP/2.0\r\nHost: test\r\n\r\n", "HTTP/1.1 400 Bad Request", "(invalid HTTP version)"),
      // A request read and answered, then one that cannot be: its answer, then the refusal.
      ("GET /first HTTP/1.1\r\nHost: test\r\n\r\nNOT HTTP\r\n\r\n", "HTTP/1.1 200 OK", "is not HTTP/1.0 or 1.1"),
    ])
  func unreadable(request: String, statusLine: String, reason: String) async throws {
    try await Self.withListener({ _, _ in .text("read\n") }) { _, port in
      let connection = try TCPTestClient(port: port)
      connection.send(request)
      let answer = try #require(try await connection.readToEnd(before: .now + .seconds(30)), "the server closes")
      #expect(answer.hasPrefix(statusLine), "\(answer.prefix(200))")
      #expect(answer.lowercased().contains("content-type: text/plain; charset=utf-8"))
      let (code, phrase) = (statusLine.dropFirst(9).prefix(3), statusLine.dropFirst(13))
      if code != "200" { #expect(answer.contains("\r\n\r\nError \(code): \(phrase)\n\n"), "\(answer)") }
      #expect(answer.contains(reason), "\(answer)")
      #expect(answer.components(separatedBy: "HTTP/1.1 400 ").count <= 2, "one refusal at most: \(answer)")
    }
  }
}
