import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import QuakesProtocol
import QuakesServer

/// Serves `/metrics` over HTTP/1 on `metrics-listen`, and nothing else: a
/// `GET` or `HEAD` of `/metrics` gets the metrics in Prometheus' text
/// format; another path gets 404, another method 405. The connection
/// limits are ``HTTPListener``'s: a scraper needs one connection, so at
/// most ``maximumConnections`` are served at once.
struct MetricsHTTPServer: Sendable {
  /// How long a connection may stay silent.
  static let idleTimeout = TimeAmount.seconds(60)
  /// How long a whole request may take to arrive: the first from the
  /// connection's accept, each later one on a kept-alive connection from its
  /// first byte. A scraper sends its request at once.
  static let requestDeadline = TimeAmount.seconds(10)
  /// How many connections are served at once; more are closed at once.
  static let maximumConnections = 16

  private let listener: HTTPListener
  /// The address it listens on, with the port the kernel chose for port 0.
  var address: String { self.listener.address }

  /// Listens on `address`; `requestDeadline` is ``requestDeadline`` but in
  /// tests.
  ///
  /// - Throws: ``ConfigurationError`` when the address cannot be bound (in
  ///   use, not this host's), naming it and the key that set it.
  static func listen(
    on address: ListenAddress, requestDeadline: TimeAmount = Self.requestDeadline
  ) async throws -> MetricsHTTPServer {
    let limits = HTTPListener.Limits(
      idleTimeout: Self.idleTimeout, requestDeadline: requestDeadline, maximumConnections: Self.maximumConnections)
    do {
      return MetricsHTTPServer(
        listener: try await HTTPListener.bind(host: address.host, port: address.port, limits: limits))
    } catch {
      throw ConfigurationError(
        "cannot serve metrics on \(address) (\(error)); choose another address or port (metrics-listen, --metrics-listen, QUAKESD_METRICS_LISTEN)"
      )
    }
  }

  /// Answers scrapes with `metrics()` until the calling task is cancelled.
  func run(metrics: @escaping @Sendable () -> String, logger: Logger) async {
    await self.listener.run(name: "metrics", logger: logger) { head, _ in Self.answer(head, metrics: metrics) }
  }

  private static func answer(_ head: HTTPRequestHead, metrics: () -> String) -> HTTPAnswer {
    let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
    guard path == "/metrics" else { return .text("quakesd serves only /metrics here\n", status: .notFound) }
    guard head.method == .GET || head.method == .HEAD else {
      var answer = HTTPAnswer.text("/metrics answers GET and HEAD\n", status: .methodNotAllowed)
      answer.headers.add(name: "Allow", value: "GET, HEAD")
      return answer
    }
    return .text(metrics(), contentType: MetricsResult.contentType)
  }
}
