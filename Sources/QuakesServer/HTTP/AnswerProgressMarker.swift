import NIOCore
import NIOHTTP1

/// Tells the handlers below the HTTP codec of each answer's progress
/// (``AnswerProgress``) from where the connection's own event loop sees
/// it: a request's end, passed up to be answered, is `answering`; the
/// answer's head, on its way out, is `writing`. On the loop, each is a
/// call down the pipeline; sent from the task that answers, each was a
/// job handed to the loop, which woke it (a profile of 32 connections
/// counting had a tenth of quakesd's CPU in those wake-ups).
final class AnswerProgressMarker: ChannelDuplexHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .end = self.unwrapInboundIn(data) {
      context.triggerUserOutboundEvent(AnswerProgress.answering, promise: nil)
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .head = self.unwrapOutboundIn(data) {
      context.triggerUserOutboundEvent(AnswerProgress.writing, promise: nil)
    }
    context.write(data, promise: promise)
  }
}
