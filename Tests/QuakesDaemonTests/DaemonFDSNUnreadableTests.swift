import Foundation
import QuakesTestSupport
import Testing

/// A request quakesd's FDSN face cannot read gets the specification's error
/// document, as every other refusal does, not an empty 400.
@Suite("FDSN event service: an unreadable request is refused with the error document")
struct DaemonFDSNUnreadableTests {
  @Test("a request head over 80 KiB: 431 and the document, the request not read")
  func headTooLarge() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3), arguments: ["--http-listen", "0"]) { daemon, _ in
      let port = try DaemonLongAnswersTests.port(of: daemon)
      let connection = try TCPTestClient(port: port)
      connection.send(
        "GET /fdsnws/event/1/query HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: "
          + String(repeating: "x", count: 100 * 1_024) + "\r\n\r\n")
      let answer = try #require(try await connection.readToEnd(before: .now + .seconds(30)), "the server closes")
      #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(answer.prefix(200))")
      #expect(answer.contains("\r\n\r\nError 431: Request Header Fields Too Large\n\n"), "\(answer)")
      #expect(answer.contains("larger than 80 KiB"))
      #expect(answer.contains("\nRequest:\n(not read)\n"))
      #expect(answer.hasSuffix("\nService version:\n1.2.0\n"))
      // The daemon serves on.
      let next = try TCPTestClient(port: port)
      next.send("GET /fdsnws/event/1/version HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      #expect(try await next.readToEnd(before: .now + .seconds(30))?.hasSuffix("\r\n\r\n1.2.0\n") == true)
    }
  }
}
