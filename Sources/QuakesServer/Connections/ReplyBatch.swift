import NIOCore

/// The reply lines to the requests of one read from a client on
/// `query.sock`, written together: a client that pipelines sends several
/// requests in one read, and one write of their replies costs one hop to
/// the event loop and one system call instead of one each. (On
/// `control.sock` each reply goes at once: an action may wait.)
///
/// The batch is written once it holds ``byteLimit`` bytes, so a client
/// that pipelines requests for long replies holds at most about that much
/// beside the reply being made; the writer then waits, as for one reply,
/// while the socket's buffer is above its high-water mark.
struct ReplyBatch {
  /// The bytes of replies that send the batch on.
  static let byteLimit = 64 * 1_024

  private var replies: [ByteBuffer] = []
  private var bytes = 0

  /// Adds `reply`, and writes the batch if it reached ``byteLimit``.
  mutating func add(
    _ reply: ByteBuffer, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, _ activity: ConnectionActivity
  ) async throws {
    self.replies.append(reply)
    self.bytes += reply.readableBytes
    if self.bytes >= Self.byteLimit {
      try await self.send(to: outbound, activity)
    }
  }

  /// Writes the replies added since the last write, if any. Waiting for
  /// the client to read them is not work in flight (``ConnectionActivity``).
  mutating func send(
    to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, _ activity: ConnectionActivity
  ) async throws {
    guard !self.replies.isEmpty else { return }
    let replies = self.replies
    self.replies.removeAll(keepingCapacity: true)
    self.bytes = 0
    activity.touch(busy: false)
    try await outbound.write(contentsOf: replies)
  }
}
