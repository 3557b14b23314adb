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

  /// The address it listens on, `HOST:PORT`.
  package var address: String { self.listener.address }

  /// Listens on `host` and `port` for `service`.
  ///
  /// - Throws: NIO's error when the address cannot be bound.
  package static func listen(
    host: String, port: Int, service: FDSNEventService, limits: HTTPListener.Limits = Self.limits
  ) async throws -> FDSNHTTPServer {
    FDSNHTTPServer(listener: try await HTTPListener.bind(host: host, port: port, limits: limits), service: service)
  }

  /// Answers requests until the calling task is cancelled.
  package func run(logger: Logger) async {
    let service = self.service
    let address = self.listener.address
    await self.listener.run(name: "FDSN web service", logger: logger) { head in
      await Self.answer(head, service: service, address: address)
    }
  }

  private static func answer(_ head: HTTPRequestHead, service: FDSNEventService, address: String) async -> HTTPAnswer {
    let host = head.headers.first(name: "Host") ?? address
    guard head.method == .GET || head.method == .HEAD else {
      var answer = HTTPAnswer.text(
        FDSNErrorDocument.body(
          status: 405, reason: "The FDSN event service answers GET and HEAD.", request: head.uri,
          base: "http://\(host)\(FDSNEventService.root)", date: Date()),
        status: .methodNotAllowed)
      answer.headers.add(name: "Allow", value: "GET, HEAD")
      return answer
    }
    let response = await service.respond(to: head.uri, host: host)
    var headers = HTTPHeaders()
    if let contentType = response.contentType { headers.add(name: "Content-Type", value: contentType) }
    let status = HTTPResponseStatus(statusCode: response.status)
    switch response.body {
    case .text(let text):
      return HTTPAnswer(status: status, headers: headers, body: .whole(ByteBuffer(string: text)))
    case .events(let document):
      return HTTPAnswer(
        status: status, headers: headers,
        body: .pieces(count: document.pieceCount) { ByteBuffer(bytes: try document.piece($0)) })
    }
  }
}
