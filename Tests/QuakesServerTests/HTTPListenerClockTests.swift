import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import QuakesServer

/// The two clocks of an HTTP connection, on an embedded event loop whose
/// time the test moves: a request must arrive whole within the deadline
/// (``RequestDeadline``), a connection ``IdleStateHandler`` calls silent is
/// closed (``CloseWhenIdle``; the test sends its event, since that handler
/// reads the wall clock), and neither holds while an answer is being made
/// (``AnswerProgress``).
@Suite("HTTP connection clocks: request deadline, idle timeout, answers in the making")
struct HTTPListenerClockTests {
  private static func channel() throws -> EmbeddedChannel {
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandlers([
      RequestDeadline(deadline: .seconds(10)), CloseWhenIdle(),
    ])
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    return channel
  }

  private static func isOpen(_ channel: EmbeddedChannel) -> Bool {
    (try? channel.pipeline.syncOperations.context(handlerType: CloseWhenIdle.self)) != nil && channel.isActive
  }

  @Test("a request that does not arrive whole within the deadline closes the connection, however it trickles")
  func deadline() throws {
    let channel = try Self.channel()
    for _ in 0..<9 {
      try channel.writeInbound(ByteBuffer(string: "G"))
      channel.embeddedEventLoop.advanceTime(by: .seconds(1))
    }
    #expect(Self.isOpen(channel), "9 s in, within the deadline")
    channel.embeddedEventLoop.advanceTime(by: .seconds(1))
    #expect(!Self.isOpen(channel), "a byte a second never makes the request whole in time")
  }

  @Test("an answer in the making stops both clocks; once it is being written, silence closes the connection")
  func answering() throws {
    let channel = try Self.channel()
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n"))
    channel.pipeline.triggerUserOutboundEvent(AnswerProgress.answering, promise: nil)
    channel.embeddedEventLoop.advanceTime(by: .seconds(600))
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.all)
    #expect(Self.isOpen(channel), "ten minutes making an answer: past the deadline, called idle, still open")
    channel.pipeline.triggerUserOutboundEvent(AnswerProgress.writing, promise: nil)
    try channel.writeOutbound(ByteBuffer(string: "HTTP/1.1 200 OK\r\n\r\n"))
    #expect(Self.isOpen(channel))
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.all)
    #expect(
      !Self.isOpen(channel),
      "once the answer is made, silence closes the connection: a client that stops reading a long answer")
  }

  @Test("over the HTTP codec, a whole request is being answered, and its answer's head starts the idle clock again")
  func progressFromTheCodec() throws {
    let channel = try Self.channel()
    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
    try channel.pipeline.syncOperations.addHandler(AnswerProgressMarker())
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: a\r\n"))
    channel.embeddedEventLoop.advanceTime(by: .seconds(5))
    try channel.writeInbound(ByteBuffer(string: "\r\n"))
    #expect(
      try channel.readInbound(as: HTTPServerRequestPart.self).map { if case .head = $0 { true } else { false } } == true
    )
    channel.embeddedEventLoop.advanceTime(by: .seconds(600))
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.all)
    #expect(
      Self.isOpen(channel), "a whole request, answered for ten minutes: past the deadline, called idle, still open")
    try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
    #expect(Self.isOpen(channel))
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.all)
    #expect(!Self.isOpen(channel), "once the answer's head is on its way, silence closes the connection")
  }

  @Test("a connection that cannot take more bytes is closed when called idle, even while an answer is in the making")
  func unwritableWhileAnswering() throws {
    let channel = try Self.channel()
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n"))
    channel.pipeline.triggerUserOutboundEvent(AnswerProgress.answering, promise: nil)
    channel.isWritable = false
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.all)
    #expect(!Self.isOpen(channel), "its client reads nothing: the answer would wait for it for good")
  }

  @Test("without the answer's progress, the deadline runs on through a slow answer")
  func withoutProgress() throws {
    let channel = try Self.channel()
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n"))
    channel.embeddedEventLoop.advanceTime(by: .seconds(10))
    #expect(!Self.isOpen(channel), "what the progress events are for")
  }
}
