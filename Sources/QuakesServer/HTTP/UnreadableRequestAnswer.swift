import NIOCore
import NIOHTTP1

/// Answers a request NIO's decoder cannot read, then lets the connection
/// close (as NIO's `HTTPServerProtocolErrorHandler` does), but with a
/// plain-text body that says why: a request line or head larger than the
/// decoder's 80 KiB is `431 Request Header Fields Too Large`, anything
/// else `400 Bad Request`. The listener's owner words the body (the FDSN
/// service writes the specification's error document).
final class UnreadableRequestAnswer: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// The body of a refusal with a status and a reason.
  typealias Wording = @Sendable (HTTPResponseStatus, _ reason: String) -> String

  private let wording: Wording
  /// Whether an answer has begun and not ended: no refusal can be sent then.
  private var isAnswering = false
  /// Whether a refusal was sent: one is enough (NIO's decoder reports some
  /// errors twice, and the connection is closed after the first).
  private var hasRefused = false

  init(wording: @escaping Wording) {
    self.wording = wording
  }

  /// The status and reason of a refusal of a request that failed with `error`.
  static func refusal(of error: HTTPParserError) -> (HTTPResponseStatus, String) {
    switch error {
    case .headerOverflow:
      (
        .requestHeaderFieldsTooLarge,
        "The request line and headers are larger than 80 KiB (or hold too many fields), the most this server reads; send a shorter request."
      )
    default: (.badRequest, "The request is not HTTP/1.0 or 1.1 that this server can read (\(error)).")
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // The connection is closed once the error reaches the listener: the
    // refusal is written and flushed now, or not at all.
    if let error = error as? HTTPParserError, !self.isAnswering, !self.hasRefused {
      self.hasRefused = true
      let (status, reason) = Self.refusal(of: error)
      let body = ByteBuffer(string: self.wording(status, reason))
      let headers = HTTPHeaders([
        ("Connection", "close"), ("Content-Type", "text/plain; charset=utf-8"),
        ("Content-Length", "\(body.readableBytes)"),
      ])
      let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
      context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
      context.write(Self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
      context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: nil)
    }
    context.fireErrorCaught(error)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch Self.unwrapOutboundIn(data) {
    // As NIO's handler: an informational head (1xx but 101) is not the answer.
    case .head(let head) where !(100..<200).contains(head.status.code) || head.status.code == 101:
      self.isAnswering = true
    case .end: self.isAnswering = false
    default: break
    }
    context.write(data, promise: promise)
  }
}
