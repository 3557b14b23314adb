public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An HTTP server on 127.0.0.1 that takes webhook POSTs, as a receiver of
/// quakesd's alerts would: it records each request (path, header fields,
/// body) and answers with the statuses a test scripts, then 200; or never
/// answers at all.
public final class WebhookReceiver: Sendable {
  /// One request received.
  public struct Received: Sendable {
    /// The request target, e.g. `/hook`.
    public let path: String
    /// The header fields, names in lower case.
    public let headers: [String: String]
    /// The body.
    public let body: Data
    /// When its last byte arrived.
    public let receivedAt: Date

    /// The body as a JSON object, if it is one.
    public var json: [String: Any]? {
      (try? JSONSerialization.jsonObject(with: self.body)) as? [String: Any]
    }
  }

  /// How the receiver answers the next requests.
  public enum Answering: Sendable {
    /// These statuses, one per request in order, then 200.
    case statuses([Int])
    /// Never: it reads the request and keeps the connection open.
    case never
    /// `status` to every request, with a body that goes wrong after the head.
    case brokenBody(status: Int, BrokenBody)
  }

  /// How an answer's body goes wrong after its head.
  public enum BrokenBody: Sendable {
    /// `bytes` of body, announced by `Content-Length` or sent chunked.
    case large(bytes: Int, announced: Bool)
    /// A `Content-Length` of 1,000, then 10 bytes, then the connection closes.
    case cutShort
    /// The head (with a `Content-Length` of 1,000), then nothing.
    case headOnly
    /// A body said to be gzip that is not.
    case badEncoding
  }

  /// The port it listens on.
  public let port: Int
  private let state: State
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel

  /// The URL of `path` on the receiver.
  public func url(_ path: String = "/hook") -> String {
    "http://127.0.0.1:\(self.port)\(path)"
  }

  /// Answers the requests from now on as `answering` says.
  public func answer(_ answering: Answering) {
    self.state.answering.withLock { $0 = answering }
  }

  /// Every request received so far.
  public var received: [Received] {
    self.state.received.withLock { $0 }
  }

  /// Waits until at least `count` requests arrived, or `timeout` passed;
  /// returns what arrived.
  public func waitForRequests(_ count: Int, timeout: Duration = .seconds(30)) async throws -> [Received] {
    let deadline = ContinuousClock.now + timeout
    while self.received.count < count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    return self.received
  }

  private init(port: Int, state: State, group: MultiThreadedEventLoopGroup, channel: any Channel) {
    self.port = port
    self.state = state
    self.group = group
    self.channel = channel
  }

  /// Starts a receiver on a free port that answers as `answering` says.
  public static func start(answering: Answering = .statuses([])) async throws -> WebhookReceiver {
    let state = State(answering: answering)
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    do {
      let channel = try await ServerBootstrap(group: group)
        .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(Handler(state: state))
          }
        }
        .bind(host: "127.0.0.1", port: 0).get()
      guard let port = channel.localAddress?.port else {
        try? await channel.close()
        throw CocoaError(.fileReadUnknown)
      }
      return WebhookReceiver(port: port, state: state, group: group, channel: channel)
    } catch {
      try? await group.shutdownGracefully()
      throw error
    }
  }

  /// Stops listening and closes every connection.
  public func shutdown() async {
    try? await self.channel.close()
    try? await self.group.shutdownGracefully()
  }

  private final class State: Sendable {
    let received = Mutex<[Received]>([])
    let answering: Mutex<Answering>

    init(answering: Answering) {
      self.answering = Mutex(answering)
    }

    /// Records `request` and says what to answer: a status and what goes
    /// wrong with the body, or `nil` for no answer.
    func take(_ request: Received) -> (status: Int, broken: BrokenBody?)? {
      self.received.withLock { $0.append(request) }
      return self.answering.withLock { answering in
        switch answering {
        case .never: return nil
        case .brokenBody(let status, let broken): return (status, broken)
        case .statuses(var statuses):
          guard !statuses.isEmpty else { return (200, nil) }
          let status = statuses.removeFirst()
          answering = .statuses(statuses)
          return (status, nil)
        }
      }
    }
  }

  private final class Handler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let state: State
    private var head: HTTPRequestHead?
    private var body = Data()

    init(state: State) {
      self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch self.unwrapInboundIn(data) {
      case .head(let head):
        self.head = head
        self.body = Data()
      case .body(var buffer):
        self.body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
      case .end:
        guard let head = self.head else { return }
        let headers = Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }) { first, _ in first }
        let request = Received(path: head.uri, headers: headers, body: self.body, receivedAt: Date())
        guard let (status, broken) = self.state.take(request) else { return }
        if let broken {
          self.answer(status, broken, version: head.version, context: context)
          return
        }
        let text = ByteBuffer(string: "answer \(status)")
        var fields = HTTPHeaders()
        fields.add(name: "Content-Length", value: String(text.readableBytes))
        let response = HTTPResponseHead(
          version: head.version, status: HTTPResponseStatus(statusCode: status), headers: fields)
        context.write(self.wrapOutboundOut(.head(response)), promise: nil)
        context.write(self.wrapOutboundOut(.body(.byteBuffer(text))), promise: nil)
        context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
      }
    }

    private func answer(
      _ status: Int, _ broken: BrokenBody, version: HTTPVersion, context: ChannelHandlerContext
    ) {
      var fields = HTTPHeaders()
      switch broken {
      case .large(let bytes, announced: true): fields.add(name: "Content-Length", value: String(bytes))
      case .large: break
      case .cutShort, .headOnly: fields.add(name: "Content-Length", value: "1000")
      case .badEncoding:
        fields.add(name: "Content-Encoding", value: "gzip")
        fields.add(name: "Content-Length", value: "15")
      }
      let response = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status), headers: fields)
      context.writeAndFlush(self.wrapOutboundOut(.head(response)), promise: nil)
      switch broken {
      case .large(let bytes, _):
        let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 65536)
        var left = bytes
        while left > 0 {
          context.writeAndFlush(
            self.wrapOutboundOut(.body(.byteBuffer(chunk.getSlice(at: 0, length: min(left, 65536)) ?? chunk))),
            promise: nil)
          left -= 65536
        }
        context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
      case .cutShort:
        context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "0123456789")))), promise: nil)
        context.close(promise: nil)
      case .badEncoding:
        context.write(self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "not gzip at all")))), promise: nil)
        context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
      case .headOnly:
        break
      }
    }
  }
}

/// Runs `body` with a started ``WebhookReceiver``, and always shuts it down.
public func withWebhookReceiver<Result: Sendable>(
  answering: WebhookReceiver.Answering = .statuses([]),
  _ body: (WebhookReceiver) async throws -> Result
) async throws -> Result {
  let receiver = try await WebhookReceiver.start(answering: answering)
  do {
    let result = try await body(receiver)
    await receiver.shutdown()
    return result
  } catch {
    await receiver.shutdown()
    throw error
  }
}
