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
    _ handler: @escaping HTTPListener.Handler, _ body: (String) async throws -> Void
  ) async throws {
    let limits = HTTPListener.Limits(
      idleTimeout: .seconds(60), requestDeadline: .seconds(60), maximumConnections: 4)
    let listener = try await HTTPListener.bind(host: "127.0.0.1", port: 0, limits: limits)
    let serving = Task { await listener.run(name: "test", logger: Logger(label: "test"), handler: handler) }
    defer { serving.cancel() }
    try await body("http://\(listener.address)/")
  }

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
    }) { url in
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
    }) { url in
      let streamed = try await Command.run("/usr/bin/curl", ["-sS", "-i", "--http1.0", url + "pieces"])
      #expect(streamed.output.contains("connection: close") || streamed.output.contains("Connection: close"))
      #expect(streamed.output.hasSuffix("piece 0\npiece 1\n"))
      let whole = try await Command.run(
        "/usr/bin/curl", ["-sS", "-i", "--http1.0", "-H", "Connection: keep-alive", url + "whole"])
      #expect(whole.output.contains("Connection: keep-alive"), "\(whole.output)")
    }
  }
}
