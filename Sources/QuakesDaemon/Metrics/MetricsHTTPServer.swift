import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import QuakesProtocol
import QuakesServer

/// Serves `/metrics` over HTTP/1 on `metrics-listen`, and nothing else: a
/// `GET` or `HEAD` of `/metrics` gets the metrics in Prometheus' text
/// format; another path gets 404, another method 405. A connection silent
/// for ``idleTimeout`` is closed, and so is one whose request does not
/// arrive whole within ``requestDeadline`` (a client that trickles its head
/// a byte at a time is never silent); at most ``maximumConnections`` are
/// served at once (a scraper needs one), so that the port cannot use up the
/// descriptors the sockets need. A client that half-closes after its
/// request (shuts down its writing side) still gets its answer.
struct MetricsHTTPServer: Sendable {
  /// How long a connection may stay silent.
  static let idleTimeout = TimeAmount.seconds(60)
  /// How long a whole request may take to arrive: the first from the
  /// connection's accept, each later one on a kept-alive connection from its
  /// first byte. A scraper sends its request at once.
  static let requestDeadline = TimeAmount.seconds(10)
  /// How many connections are served at once; more are closed at once.
  static let maximumConnections = 16

  private typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

  private let listener: NIOAsyncChannel<Connection, Never>
  /// The address it listens on, with the port the kernel chose for port 0.
  let address: String

  private init(listener: NIOAsyncChannel<Connection, Never>, address: String) {
    self.listener = listener
    self.address = address
  }

  /// Listens on `address`; `requestDeadline` is ``requestDeadline`` but in
  /// tests.
  ///
  /// - Throws: ``ConfigurationError`` when the address cannot be bound (in
  ///   use, not this host's), naming it and the key that set it.
  static func listen(
    on address: MetricsAddress, requestDeadline: TimeAmount = Self.requestDeadline
  ) async throws -> MetricsHTTPServer {
    let listener: NIOAsyncChannel<Connection, Never>
    do {
      listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        // A client's end of input is not the end of the connection: its
        // request was whole, and it waits for the answer.
        .childChannelOption(.allowRemoteHalfClosure, value: true)
        .bind(host: address.host, port: address.port) { channel in
          channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(RequestDeadline(deadline: requestDeadline))
            try pipeline.addHandler(IdleStateHandler(allTimeout: Self.idleTimeout))
            try pipeline.addHandler(CloseWhenIdle())
            try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
            return try Connection(wrappingChannelSynchronously: channel)
          }
        }
    } catch {
      throw ConfigurationError(
        "cannot serve metrics on \(address) (\(error)); choose another address or port (metrics-listen, --metrics-listen, QUAKESD_METRICS_LISTEN)"
      )
    }
    let port = listener.channel.localAddress?.port ?? address.port
    let bound = address.host.contains(":") ? "[\(address.host)]:\(port)" : "\(address.host):\(port)"
    return MetricsHTTPServer(listener: listener, address: bound)
  }

  /// Answers scrapes with `metrics()` until the calling task is cancelled.
  func run(metrics: @escaping @Sendable () -> String, logger: Logger) async {
    let open = ConnectionCount()
    do {
      try await withThrowingDiscardingTaskGroup { group in
        try await self.listener.executeThenClose { inbound in
          for try await connection in inbound {
            guard open.increment() <= Self.maximumConnections else {
              open.decrement()
              try? await connection.channel.close()
              continue
            }
            group.addTask {
              defer { open.decrement() }
              await Self.serve(connection, metrics: metrics)
            }
          }
        }
      }
    } catch is CancellationError {
    } catch {
      logger.error("the metrics listener on \(self.address) stopped: \(error)")
    }
  }

  private static func serve(_ connection: Connection, metrics: @Sendable () -> String) async {
    try? await connection.executeThenClose { inbound, outbound in
      var request: HTTPRequestHead?
      for try await part in inbound {
        switch part {
        case .head(let head): request = head
        case .body: continue
        case .end:
          guard let head = request else { continue }
          request = nil
          let (status, body) = Self.answer(head, metrics: metrics)
          var headers = HTTPHeaders()
          headers.add(
            name: "Content-Type", value: status == .ok ? MetricsResult.contentType : "text/plain; charset=utf-8")
          headers.add(name: "Content-Length", value: String(body.utf8.count))
          if status == .methodNotAllowed { headers.add(name: "Allow", value: "GET, HEAD") }
          if !head.isKeepAlive { headers.add(name: "Connection", value: "close") }
          try await outbound.write(.head(HTTPResponseHead(version: head.version, status: status, headers: headers)))
          if head.method != .HEAD { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body)))) }
          try await outbound.write(.end(nil))
          if !head.isKeepAlive { return }
        }
      }
    }
  }

  private static func answer(_ head: HTTPRequestHead, metrics: () -> String) -> (HTTPResponseStatus, String) {
    let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
    guard path == "/metrics" else { return (.notFound, "quakesd serves only /metrics here\n") }
    guard head.method == .GET || head.method == .HEAD else {
      return (.methodNotAllowed, "/metrics answers GET and HEAD\n")
    }
    return (.ok, metrics())
  }
}

/// Closes a metrics connection when ``IdleStateHandler`` says it was silent.
private final class CloseWhenIdle: ChannelInboundHandler, Sendable {
  typealias InboundIn = ByteBuffer

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is IdleStateHandler.IdleStateEvent {
      context.close(promise: nil)
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }
}
