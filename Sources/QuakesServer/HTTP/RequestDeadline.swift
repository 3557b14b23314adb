import NIOCore

/// Closes an HTTP connection whose request does not arrive whole in time:
/// the first request within `deadline` of the connection's accept, each
/// later one within `deadline` of its first byte. The clock stops when the
/// request is whole (``AnswerProgress/answering``), so the time the answer
/// takes to make is not counted.
///
/// An idle timeout alone counts any byte as activity, so a client that
/// sends one byte of its head every few seconds is never idle and holds its
/// slot for good; this deadline does not move when bytes arrive. It sits
/// next to the socket, below the HTTP decoder, and so sees raw bytes: it is
/// armed by the first byte after an answer and disarmed by the next answer
/// written (the server answers only a whole request; a malformed one is
/// answered with 400 and closed).
final class RequestDeadline: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  private let deadline: TimeAmount
  private var expiry: Scheduled<Void>?

  init(deadline: TimeAmount) {
    self.deadline = deadline
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { self.arm(context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.disarm()
  }

  func channelActive(context: ChannelHandlerContext) {
    self.arm(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    self.disarm()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    self.arm(context)
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    self.disarm()
    context.write(data, promise: promise)
  }

  func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
    if case .answering = event as? AnswerProgress { self.disarm() }
    context.triggerUserOutboundEvent(event, promise: promise)
  }

  /// Starts the clock for a request unless it already runs: later bytes of
  /// the same request do not restart it.
  private func arm(_ context: ChannelHandlerContext) {
    guard self.expiry == nil else { return }
    self.expiry = context.eventLoop.assumeIsolated().scheduleTask(in: self.deadline) {
      context.close(promise: nil)
    }
  }

  private func disarm() {
    self.expiry?.cancel()
    self.expiry = nil
  }
}
