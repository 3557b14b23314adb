package import Logging
package import NIOCore
package import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 listener on a TCP address, for quakesd's read-only HTTP
/// faces (`/metrics`, the FDSN event service): it binds, keeps connections
/// within ``Limits``, reads each whole request and writes the
/// ``HTTPAnswer`` its handler gives, in order, keeping the connection
/// alive when the client asks.
///
/// A connection silent for ``Limits/idleTimeout`` is closed, and so is one
/// whose request does not arrive whole within ``Limits/requestDeadline``
/// (a client that trickles its head a byte at a time is never silent);
/// neither clock runs while an answer is being made (``AnswerProgress``),
/// but the idle timeout does while it is written, so that a client that
/// stops reading a long answer does not hold it (and what it reads from)
/// for good. More than ``Limits/maximumConnections`` at once are closed as they come, so
/// that the port cannot use up the descriptors the sockets need. A request
/// NIO's decoder cannot read is refused with a body that says why
/// (``UnreadableRequestAnswer``: 431 for a request line or head over
/// 80 KiB, else 400), and closed. A client that half-closes after its request (shuts down its
/// writing side) still gets its answer.
package struct HTTPListener: Sendable {
  /// What one client may cost.
  package struct Limits: Sendable {
    package var idleTimeout: TimeAmount
    package var requestDeadline: TimeAmount
    package var maximumConnections: Int

    package init(idleTimeout: TimeAmount, requestDeadline: TimeAmount, maximumConnections: Int) {
      self.idleTimeout = idleTimeout
      self.requestDeadline = requestDeadline
      self.maximumConnections = maximumConnections
    }
  }

  /// Answers a request's head, from the client at an IP address (its text;
  /// `nil` when the connection has none).
  package typealias Handler = @Sendable (HTTPRequestHead, _ client: String?) async -> HTTPAnswer

  private typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

  private let listener: NIOAsyncChannel<Connection, Never>
  private let limits: Limits
  /// The address it listens on, `HOST:PORT`, with the port the kernel chose for port 0.
  package let address: String

  private init(listener: NIOAsyncChannel<Connection, Never>, limits: Limits, address: String) {
    self.listener = listener
    self.limits = limits
    self.address = address
  }

  /// The body of a refusal of an unreadable request unless the owner words it.
  package static let plainRefusal: @Sendable (HTTPResponseStatus, String) -> String = { status, reason in
    "Error \(status.code): \(status.reasonPhrase)\n\n\(reason)\n"
  }

  /// Listens on `host` and `port` (0: the kernel chooses); a request that
  /// cannot be read is refused with the body `refusal` words.
  ///
  /// - Throws: NIO's error when the address cannot be bound (in use, not this host's).
  package static func bind(
    host: String, port: Int, limits: Limits,
    refusal: @escaping @Sendable (HTTPResponseStatus, _ reason: String) -> String = Self.plainRefusal
  ) async throws -> HTTPListener {
    let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .serverChannelOption(.backlog, value: 256)
      // A client's end of input is not the end of the connection: its
      // request was whole, and it waits for the answer.
      .childChannelOption(.allowRemoteHalfClosure, value: true)
      .bind(host: host, port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          let pipeline = channel.pipeline.syncOperations
          try pipeline.addHandler(RequestDeadline(deadline: limits.requestDeadline))
          try pipeline.addHandler(IdleStateHandler(allTimeout: limits.idleTimeout))
          try pipeline.addHandler(CloseWhenIdle())
          try pipeline.configureHTTPServerPipeline(withErrorHandling: false)
          try pipeline.addHandler(UnreadableRequestAnswer(wording: refusal))
          try pipeline.addHandler(AnswerProgressMarker())
          return try Connection(wrappingChannelSynchronously: channel)
        }
      }
    let bound = listener.channel.localAddress?.port ?? port
    let address = host.contains(":") ? "[\(host)]:\(bound)" : "\(host):\(bound)"
    return HTTPListener(listener: listener, limits: limits, address: address)
  }

  /// Answers requests with `handler` until the calling task is cancelled;
  /// `name` says which listener stopped, in the log.
  package func run(name: String, logger: Logger, handler: @escaping Handler) async {
    let open = ConnectionCount()
    let maximum = self.limits.maximumConnections
    do {
      try await withThrowingDiscardingTaskGroup { group in
        try await self.listener.executeThenClose { inbound in
          for try await connection in inbound {
            guard open.increment() <= maximum else {
              open.decrement()
              try? await connection.channel.close()
              continue
            }
            group.addTask {
              defer { open.decrement() }
              await Self.serve(connection, handler: handler)
            }
          }
        }
      }
    } catch is CancellationError {
    } catch {
      logger.error("the \(name) listener on \(self.address) stopped: \(error)")
    }
  }

  private static func serve(_ connection: Connection, handler: Handler) async {
    let client = connection.channel.remoteAddress?.ipAddress
    try? await connection.executeThenClose { inbound, outbound in
      var request: HTTPRequestHead?
      for try await part in inbound {
        switch part {
        case .head(let head): request = head
        case .body: continue
        case .end:
          guard let head = request else { continue }
          request = nil
          // AnswerProgressMarker tells the clocks that this request is
          // being answered, and when its answer is written.
          let answer = await handler(head, client)
          guard try await Self.write(answer, to: head, on: outbound) else { return }
        }
      }
    }
  }

  /// Writes `answer` to the request `head`; whether the connection stays open.
  private static func write(
    _ answer: HTTPAnswer, to head: HTTPRequestHead, on outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
  ) async throws -> Bool {
    var headers = answer.headers
    var keepAlive = head.isKeepAlive
    switch answer.body {
    case .whole(let buffer):
      headers.replaceOrAdd(name: "Content-Length", value: String(buffer.readableBytes))
    case .pieces:
      // HTTP/1.0 has no chunks: the end of the connection ends the body.
      if head.version.major == 1, head.version.minor == 0 { keepAlive = false }
    }
    if !keepAlive {
      headers.replaceOrAdd(name: "Connection", value: "close")
    } else if head.version.major == 1, head.version.minor == 0 {
      // An HTTP/1.0 client keeps the connection only when told it may.
      headers.replaceOrAdd(name: "Connection", value: "keep-alive")
    }
    // Parts go out together where they can (a whole answer in one write,
    // the head with the first piece): each `write` is a flush and a system
    // call, which a profile of 32 connections counting found in a third of
    // quakesd's CPU when head, body and end went one by one.
    var parts: [HTTPServerResponsePart] = [
      .head(HTTPResponseHead(version: head.version, status: answer.status, headers: headers))
    ]
    if head.method != .HEAD {
      switch answer.body {
      case .whole(let buffer):
        if buffer.readableBytes > 0 { parts.append(.body(.byteBuffer(buffer))) }
      case .pieces(let pieces):
        for try await buffer in pieces where buffer.readableBytes > 0 {
          parts.append(.body(.byteBuffer(buffer)))
          try await outbound.write(contentsOf: parts)
          parts = []
        }
      }
    }
    parts.append(.end(nil))
    try await outbound.write(contentsOf: parts)
    return keepAlive
  }
}
