import NIOCore

/// Closes an HTTP connection when ``IdleStateHandler`` says it was silent,
/// unless a request is being answered (``AnswerProgress``): making an
/// answer (a large count, a wait for a write in flight) is not silence.
/// A connection that cannot take more bytes is silent all the same: its
/// client stopped reading, and the answer in the making waits for it (a
/// client that sends requests and reads nothing).
final class CloseWhenIdle: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundIn = IOData

  private var isAnswering = false

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is IdleStateHandler.IdleStateEvent {
      if !self.isAnswering || !context.channel.isWritable { context.close(promise: nil) }
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }

  func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
    if let progress = event as? AnswerProgress { self.isAnswering = progress == .answering }
    context.triggerUserOutboundEvent(event, promise: promise)
  }
}
