import Foundation
import NIOCore
import NIOHTTP1

// MARK: FDSN event service

extension StandInResponder {
  /// Answers a request under ``USGSStandIn/fdsnPath`` as USGS's FDSN event
  /// service does: `query` (GeoJSON), `count` (text or GeoJSON), `version`;
  /// `404` for any other method. `query` and `count` first meet any
  /// failure and delay the test set (``USGSStandIn/failFDSN(next:status:retryAfter:)``,
  /// ``USGSStandIn/setFDSNDelay(_:)``). `query.geojson` and
  /// `count.geojson` stand for the method with `format=geojson`.
  func respondFDSN(to request: HTTPRequestHead, context: ChannelHandlerContext) {
    let now = FDSNEvent.milliseconds(Date())
    let parts = request.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let query = parts.count > 1 ? String(parts[1]) : ""
    var method = String(parts[0].dropFirst(USGSStandIn.fdsnPath.count))
    var impliedFormat: String?
    if method == "query.geojson" || method == "count.geojson" {
      method.removeLast(".geojson".count)
      impliedFormat = "geojson"
    }
    switch method {
    case "version":
      self.send(
        .ok, body: Array("\(USGSStandIn.fdsnVersion)\n".utf8), contentType: "text/plain; charset=utf-8",
        to: request, context: context)
    case "query", "count":
      let (catalogue, maximum, failure, delay, compress) = self.state.withContents { contents in
        (
          contents.fdsnCatalogue, contents.fdsnMaximum, contents.takeFDSNFailure(),
          contents.takeFDSNDelay(method: method),
          contents.fdsnCompresses
        )
      }
      let answer = {
        if let failure {
          self.sendFDSNFailure(failure, to: request, context: context, now: now)
          return
        }
        self.answerFDSN(
          method: method, query: query, impliedFormat: impliedFormat, catalogue: catalogue, maximum: maximum,
          now: now, compress: compress, to: request, context: context)
      }
      guard let delay, delay > .zero else {
        answer()
        return
      }
      let (seconds, attoseconds) = delay.components
      let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(max(0, nanoseconds))) {
        guard context.channel.isActive else { return }
        answer()
      }
    default:
      self.sendFDSNError(
        .notFound, message: "Unknown method \"\(method)\": this service answers query, count and version.",
        to: request, context: context, now: now)
    }
  }

  /// The answer to a `query` or `count` that no failure preempted (a
  /// `query`'s GeoJSON gzipped when `compress` and the client accepts it).
  private func answerFDSN(
    method: String, query: String, impliedFormat: String?, catalogue: FDSNCatalogue, maximum: Int, now: Int64,
    compress: Bool, to request: HTTPRequestHead, context: ChannelHandlerContext
  ) {
    let parameters: StandInFDSNQuery
    do {
      parameters = try StandInFDSNQuery(query: query, now: now, maximum: maximum)
    } catch {
      self.sendFDSNError(.badRequest, message: error.message, to: request, context: context, now: now)
      return
    }
    let format = parameters.format ?? impliedFormat
    let matches = parameters.matches(in: catalogue)
    if method == "count" {
      switch format {
      case nil, "text":
        self.send(
          .ok, body: Array("\(matches.count)\n".utf8), contentType: "text/plain; charset=utf-8", to: request,
          context: context)
      case "geojson":
        self.send(
          .ok, body: FDSNBodies.count(matches.count, maximum: maximum), contentType: "application/json",
          to: request, context: context)
      default:
        self.sendFDSNError(
          .badRequest, message: "Bad format value \"\(format ?? "")\": count answers text or geojson.",
          to: request, context: context, now: now)
      }
      return
    }
    guard format == nil || format == "geojson" else {
      self.sendFDSNError(
        .badRequest, message: "Bad format value \"\(format ?? "")\": the stand-in's query answers geojson only.",
        to: request, context: context, now: now)
      return
    }
    guard parameters.pageCount(ofMatches: matches.count) <= maximum else {
      self.sendFDSNError(
        .badRequest, message: FDSNBodies.tooManyMessage(count: matches.count, maximum: maximum),
        to: request, context: context, now: now)
      return
    }
    let host = request.headers.first(name: "host") ?? "127.0.0.1:\(context.channel.localAddress?.port ?? 0)"
    let body = FDSNBodies.featureCollection(
      parameters.page(of: matches), url: "http://\(host)\(request.uri)", now: now)
    self.send(.ok, body: body, contentType: "application/json", to: request, context: context, compress: compress)
  }

  /// The failure a test asked for: its status, USGS's error page, and its `Retry-After`.
  private func sendFDSNFailure(
    _ failure: StandInFDSNFailure, to request: HTTPRequestHead, context: ChannelHandlerContext, now: Int64
  ) {
    let status = HTTPResponseStatus(statusCode: failure.status)
    let body = FDSNBodies.errorPage(
      code: failure.status, reason: status.reasonPhrase,
      message: "\(status.reasonPhrase) (the stand-in was told to answer \(failure.status)).", uri: request.uri,
      now: now)
    self.send(
      status, body: body, contentType: "text/plain; charset=utf-8",
      headers: failure.retryAfter.map { [("Retry-After", $0)] } ?? [], to: request, context: context)
  }

  /// USGS's plain-text error page with `status` and `message`.
  private func sendFDSNError(
    _ status: HTTPResponseStatus, message: String, to request: HTTPRequestHead, context: ChannelHandlerContext,
    now: Int64
  ) {
    let body = FDSNBodies.errorPage(
      code: Int(status.code), reason: status.reasonPhrase, message: message, uri: request.uri, now: now)
    self.send(status, body: body, contentType: "text/plain; charset=utf-8", to: request, context: context)
  }
}
