import NIOCore
import NIOHTTP1

/// First of the stand-in's handlers: records each request's head as it
/// arrived, then states the client's gzip acceptance as `gzip` alone for the
/// compressor behind it.
///
/// The compressor picks deflate over gzip when both have the same q-value
/// (libcurl sends `deflate, gzip, br, zstd`); USGS serves gzip, and so must
/// the stand-in.
final class StandInRecorder: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  private let state: StandInState

  init(state: StandInState) {
    self.state = state
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = self.unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    var headers: [String: String] = [:]
    for (name, value) in head.headers {
      let key = name.lowercased()
      headers[key] = headers[key].map { $0 + ", " + value } ?? value
    }
    self.state.record(
      RecordedRequest(
        method: head.method.rawValue, uri: head.uri, feed: self.state.feed(named: head.uri), headers: headers))
    if Self.acceptsGzip(head.headers[canonicalForm: "accept-encoding"]) {
      head.headers.replaceOrAdd(name: "accept-encoding", value: "gzip")
    }
    context.fireChannelRead(self.wrapInboundOut(.head(head)))
  }

  /// Whether one of the codings is `gzip` (or `x-gzip`) with a q-value above 0.
  private static func acceptsGzip(_ codings: [Substring]) -> Bool {
    codings.contains { coding in
      let parts = coding.split(separator: ";").map { $0.trimmingSpaces() }
      guard let name = parts.first?.lowercased(), name == "gzip" || name == "x-gzip" else { return false }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      return quality > 0
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  fileprivate func trimmingSpaces() -> String {
    guard let first = self.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = self.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(self[first...last])
  }
}
