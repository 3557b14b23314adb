import NIOCore

/// Closes an HTTP connection when ``IdleStateHandler`` says it was silent.
final class CloseWhenIdle: ChannelInboundHandler, Sendable {
  typealias InboundIn = ByteBuffer

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is IdleStateHandler.IdleStateEvent {
      context.close(promise: nil)
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }
}
