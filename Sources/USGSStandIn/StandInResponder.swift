import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// Last of the stand-in's handlers (behind the compressor): answers each
/// request as the feed's ``USGSStandIn/Behaviour`` says, or, under
/// ``USGSStandIn/fdsnPath``, as the FDSN event service does
/// (`StandInResponder+FDSN.swift`).
final class StandInResponder: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// A response header by which the responder tells the compressor to send a
  /// body as it is (a truncated body must keep its announced length); the
  /// compressor's predicate removes it.
  private static let identityMarker = "x-standin-identity"

  let state: StandInState
  private var request: HTTPRequestHead?

  init(state: StandInState) {
    self.state = state
  }

  /// The compressor's predicate: compress unless the responder marked the response.
  static func compressionIntent(
    _ head: inout HTTPResponseHead,
    _ isCompressionSupported: Bool
  ) -> HTTPResponseCompressor.CompressionIntent {
    guard head.headers.contains(name: Self.identityMarker) else { return .compressIfPossible }
    head.headers.remove(name: Self.identityMarker)
    return .doNotCompress
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch self.unwrapInboundIn(data) {
    case .head(let head):
      self.request = head
    case .body:
      break
    case .end:
      guard let request = self.request else { return }
      self.request = nil
      self.respond(to: request, context: context)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}

// MARK: Behaviours

extension StandInResponder {
  private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
    guard request.method == .GET else {
      self.send(
        .methodNotAllowed, text: "only GET is served here", headers: [("Allow", "GET")], to: request, context: context)
      return
    }
    if request.uri.hasPrefix(USGSStandIn.fdsnPath) {
      self.respondFDSN(to: request, context: context)
      return
    }
    guard let name = self.state.feed(named: request.uri) else {
      self.send(.notFound, text: "no feed at \(request.uri)", to: request, context: context)
      return
    }
    let (feed, behaviour) = self.state.withContents { ($0.feeds[name], $0.behaviours[name] ?? .serve) }
    switch behaviour {
    case .serve:
      self.serve(feed, to: request, context: context)
    case .serveUncompressed:
      self.serve(feed, to: request, context: context, compress: false)
    case .status(let code):
      let status = HTTPResponseStatus(statusCode: code)
      self.send(status, text: "the stand-in was told to answer \(code)", to: request, context: context)
    case .delay(let delay):
      let (seconds, attoseconds) = delay.components
      let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(max(0, nanoseconds))) {
        guard context.channel.isActive else { return }
        self.serve(feed, to: request, context: context)
      }
    case .neverAnswer:
      break
    case .truncate(let keepingBytes):
      self.sendTruncated(
        feed?.body ?? StandInBodies.smallFeed, keepingBytes: keepingBytes, to: request, context: context)
    case .invalidJSON:
      self.send(.ok, body: StandInBodies.invalidJSON, contentType: "application/json", to: request, context: context)
    case .htmlErrorPage(let code):
      let status = HTTPResponseStatus(statusCode: code)
      let page = StandInBodies.htmlPage(status: "\(code) \(status.reasonPhrase)")
      self.send(status, body: page, contentType: "text/html; charset=utf-8", to: request, context: context)
    case .oversized(let byteCount, let announceLength):
      self.send(
        .ok, body: StandInBodies.paddedFeed(byteCount: byteCount), contentType: "application/json",
        to: request, context: context, announceLength: announceLength, compress: !announceLength)
    }
  }

  /// What the real service does: the body with its validators, or `304`.
  private func serve(
    _ feed: StandInFeed?, to request: HTTPRequestHead, context: ChannelHandlerContext, compress: Bool = true
  ) {
    guard let feed else {
      self.send(.notFound, text: "no feed at \(request.uri)", to: request, context: context)
      return
    }
    let validators = [("ETag", feed.etag), ("Last-Modified", feed.lastModified), ("Cache-Control", "max-age=60")]
    if Self.isNotModified(request, feed: feed) {
      self.send(.notModified, body: nil, headers: validators, to: request, context: context)
    } else {
      self.send(
        .ok, body: feed.body, contentType: "application/json", headers: validators, to: request, context: context,
        compress: compress)
    }
  }

  /// RFC 9110's order: `If-None-Match` decides when present (weak
  /// comparison); otherwise an `If-Modified-Since` not older than the body.
  private static func isNotModified(_ request: HTTPRequestHead, feed: StandInFeed) -> Bool {
    let tags = request.headers[canonicalForm: "if-none-match"]
    if !tags.isEmpty {
      return tags.contains { tag in tag == "*" || (tag.hasPrefix("W/") ? tag.dropFirst(2) : tag) == feed.etag }
    }
    if let since = request.headers.first(name: "if-modified-since").flatMap(HTTPDate.parse) {
      return feed.lastModifiedSeconds <= since
    }
    return false
  }
}

// MARK: Writing

extension StandInResponder {
  /// Writes a one-line text response, e.g. `404 Not Found: no feed at /x`.
  func send(
    _ status: HTTPResponseStatus,
    text: String,
    headers: [(String, String)] = [],
    to request: HTTPRequestHead,
    context: ChannelHandlerContext
  ) {
    let body = Array("\(status.code) \(status.reasonPhrase): \(text)\n".utf8)
    self.send(
      status, body: body, contentType: "text/plain; charset=utf-8", headers: headers, to: request, context: context)
  }

  /// Writes a whole response. `body` `nil` means none (a `304`).
  func send(
    _ status: HTTPResponseStatus,
    body: [UInt8]?,
    contentType: String? = nil,
    headers extraHeaders: [(String, String)] = [],
    to request: HTTPRequestHead,
    context: ChannelHandlerContext,
    announceLength: Bool = true,
    compress: Bool = true
  ) {
    var headers = HTTPHeaders(extraHeaders)
    if let contentType { headers.add(name: "Content-Type", value: contentType) }
    if let body, announceLength { headers.add(name: "Content-Length", value: "\(body.count)") }
    if !compress { headers.add(name: Self.identityMarker, value: "1") }
    if !request.isKeepAlive { headers.add(name: "Connection", value: "close") }
    let head = HTTPResponseHead(version: request.version, status: status, headers: headers)
    context.write(self.wrapOutboundOut(.head(head)), promise: nil)
    if let body, !body.isEmpty {
      context.write(
        self.wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
    }
    let written = context.writeAndFlush(self.wrapOutboundOut(.end(nil)))
    if !request.isKeepAlive {
      written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
  }

  /// Announces all of `body`, sends only its start, and closes the connection.
  private func sendTruncated(
    _ body: [UInt8], keepingBytes: Int, to request: HTTPRequestHead, context: ChannelHandlerContext
  ) {
    let kept = max(0, min(keepingBytes, body.count - 1))
    let headers: HTTPHeaders = [
      "Content-Type": "application/json", "Content-Length": "\(body.count)", Self.identityMarker: "1",
      "Connection": "close",
    ]
    let head = HTTPResponseHead(version: request.version, status: .ok, headers: headers)
    context.write(self.wrapOutboundOut(.head(head)), promise: nil)
    let written = context.writeAndFlush(
      self.wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body.prefix(kept))))))
    written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
  }
}
