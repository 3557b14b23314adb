import Foundation
package import Logging
import NIOCore
import NIOHTTP1
package import QuakesServer

/// Serves the FDSN event service (``FDSNEventService``) over HTTP/1.1 on
/// `http-listen`: `GET` and `HEAD` only (another method is 405), each
/// answer as the service gives it, events written a piece at a time.
package struct FDSNHTTPServer: Sendable {
  /// The limits of one connection: a client's request arrives whole
  /// within 10 s, a connection silent for 60 s is closed, and at most 256
  /// are served at once.
  package static let limits = HTTPListener.Limits(
    idleTimeout: .seconds(60), requestDeadline: .seconds(10), maximumConnections: 256)

  private let listener: HTTPListener
  private let service: FDSNEventService
  /// The requests a client beyond this host may send; `nil` for no limit.
  private let rateLimit: ClientRateLimiter?

  /// The address it listens on, `HOST:PORT`.
  package var address: String { self.listener.address }

  /// Listens on `host` and `port` for `service`, each client beyond this
  /// host held to `rateLimit`, if any.
  ///
  /// - Throws: NIO's error when the address cannot be bound.
  package static func listen(
    host: String, port: Int, service: FDSNEventService, rateLimit: ClientRateLimiter? = nil,
    limits: HTTPListener.Limits = Self.limits
  ) async throws -> FDSNHTTPServer {
    FDSNHTTPServer(
      listener: try await HTTPListener.bind(host: host, port: port, limits: limits) { status, reason in
        // The request was not read: neither its target nor its host is known.
        FDSNErrorDocument.body(
          status: Int(status.code), reason: reason, request: "(not read)", base: FDSNEventService.root, date: Date())
      },
      service: service, rateLimit: rateLimit)
  }

  /// Answers requests until the calling task is cancelled.
  package func run(logger: Logger) async {
    let (service, address, rateLimit) = (self.service, self.listener.address, self.rateLimit)
    await self.listener.run(name: "FDSN web service", logger: logger) { head, client in
      if let rateLimit, let client, let wait = rateLimit.admit(client, at: .now) {
        return Self.tooMany(head, wait: wait, rate: rateLimit.rate, address: address)
      }
      return await Self.answer(head, service: service, address: address)
    }
  }

  /// A refusal made here rather than by the service: the specification's
  /// document with `status` and `reason`.
  private static func refusal(
    _ head: HTTPRequestHead, status: HTTPResponseStatus, reason: String, address: String
  ) -> HTTPAnswer {
    let host = head.headers.first(name: "Host") ?? address
    return HTTPAnswer.text(
      FDSNErrorDocument.body(
        status: Int(status.code), reason: reason, request: head.uri, base: "http://\(host)\(FDSNEventService.root)",
        date: Date()),
      status: status)
  }

  /// 429, with the specification's document and `Retry-After` in whole seconds.
  private static func tooMany(_ head: HTTPRequestHead, wait: Duration, rate: Double, address: String) -> HTTPAnswer {
    var answer = Self.refusal(
      head, status: .tooManyRequests,
      reason: "More than \(QuakeMLWriter.number(rate)) requests a second from this address; try again in a moment.",
      address: address)
    let seconds = wait.components.seconds + (wait.components.attoseconds > 0 ? 1 : 0)
    answer.headers.add(name: "Retry-After", value: String(max(1, seconds)))
    return answer
  }

  private static func answer(_ head: HTTPRequestHead, service: FDSNEventService, address: String) async -> HTTPAnswer {
    guard head.method == .GET || head.method == .HEAD else {
      var answer = Self.refusal(
        head, status: .methodNotAllowed, reason: "The FDSN event service answers GET and HEAD.", address: address)
      answer.headers.add(name: "Allow", value: "GET, HEAD")
      return answer
    }
    let host = head.headers.first(name: "Host") ?? address
    let tags = head.headers["If-None-Match"]
    let response = await service.respond(
      to: head.uri, host: host, ifNoneMatch: tags.isEmpty ? nil : tags.joined(separator: ", "),
      headOnly: head.method == .HEAD)
    var headers = HTTPHeaders()
    if let contentType = response.contentType { headers.add(name: "Content-Type", value: contentType) }
    if let tag = response.entityTag {
      // Cached answers are checked each time: the tag says whether the cache changed.
      headers.add(name: "ETag", value: tag)
      headers.add(name: "Cache-Control", value: "no-cache")
    }
    let status = HTTPResponseStatus(statusCode: response.status)
    switch response.body {
    case .text(let text):
      return HTTPAnswer(status: status, headers: headers, body: .whole(ByteBuffer(string: text)))
    case .bytes(let bytes):
      return HTTPAnswer(status: status, headers: headers, body: .whole(ByteBuffer(bytes: bytes)))
    case .events(let document):
      return HTTPAnswer(
        status: status, headers: headers,
        body: .pieces(AsyncThrowingStream(unfolding: { try await document.nextPiece().map { ByteBuffer(bytes: $0) } })))
    case .omitted:
      return HTTPAnswer(status: status, headers: headers, body: .pieces(AsyncThrowingStream { $0.finish() }))
    }
  }
}
