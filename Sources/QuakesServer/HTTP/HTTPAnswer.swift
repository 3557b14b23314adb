package import NIOCore
package import NIOHTTP1

/// What an ``HTTPListener`` answers one request with.
package struct HTTPAnswer: Sendable {
  /// A body: whole, or made a piece at a time as the connection takes them
  /// (sent chunked), so that a long answer is never held whole.
  package enum Body: Sendable {
    case whole(ByteBuffer)
    /// Pieces made one at a time as the connection takes them (a stream
    /// made with `AsyncThrowingStream(unfolding:)` makes the next only when
    /// asked); a piece that throws ends the connection (the client sees
    /// the answer cut).
    case pieces(AsyncThrowingStream<ByteBuffer, any Error>)
  }

  package var status: HTTPResponseStatus
  package var headers: HTTPHeaders
  package var body: Body

  package init(status: HTTPResponseStatus, headers: HTTPHeaders = HTTPHeaders(), body: Body) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// An answer of `text`, as `contentType`.
  package static func text(
    _ text: String, status: HTTPResponseStatus = .ok, contentType: String = "text/plain; charset=utf-8"
  ) -> HTTPAnswer {
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: contentType)
    return HTTPAnswer(status: status, headers: headers, body: .whole(ByteBuffer(string: text)))
  }
}
