import Testing

@testable import QuakesBench

/// The load generator's framing: where a reply ends, and whether it is an
/// error, on quakesd's lines and on HTTP/1.1 as datasette sends it.
@Suite("Load generator framing")
struct ResponseFramingTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("a line is one reply; an error envelope is an error; half a line is not a reply yet")
  func lines() {
    let stream = self.bytes(
      #"{"v":1,"result":{"count":3}}"# + "\n" + #"{"v":1,"error":{"code":"quakes.NotFound"}}"# + "\n" + #"{"v":1,"res"#)
    let first = ResponseFraming.lines.reply(in: stream, from: 0)
    #expect(first?.isError == false)
    let second = first.flatMap { ResponseFraming.lines.reply(in: stream, from: $0.end) }
    #expect(second?.isError == true)
    #expect(second.flatMap { ResponseFraming.lines.reply(in: stream, from: $0.end) } == nil)
  }

  @Test("an HTTP reply with Content-Length ends after that many body bytes")
  func contentLength() {
    let reply = "HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello"
    let stream = self.bytes(reply + "HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno")
    let first = ResponseFraming.http.reply(in: stream, from: 0)
    #expect(first?.end == reply.utf8.count)
    #expect(first?.isError == false)
    #expect(first.flatMap { ResponseFraming.http.reply(in: stream, from: $0.end) }?.isError == true)
    #expect(
      ResponseFraming.http.reply(in: self.bytes("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhel"), from: 0) == nil)
  }

  @Test("a chunked HTTP reply ends after its zero-size chunk, and not before")
  func chunked() {
    let reply = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nA\r\n0123456789\r\n0\r\n\r\n"
    #expect(ResponseFraming.http.reply(in: self.bytes(reply), from: 0)?.end == reply.utf8.count)
    #expect(ResponseFraming.http.reply(in: self.bytes(String(reply.dropLast(3))), from: 0) == nil)
  }
}
