import Foundation
import Logging
import NIOCore
import QuakesProtocol
import Synchronization

/// One client on one socket: reads its lines, answers them one by one in
/// order (pipelined requests wait their turn, and reading waits for the
/// answers: a client that sends faster than it reads is slowed down, not
/// buffered), streams a watch, and is closed when it stays idle: when no
/// whole request line arrived for ``ServerLimits/idleTimeout`` since its
/// last answer or its connect, however many bytes of one did.
struct ClientConnection: Sendable {
  let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
  let role: SocketRole
  let responder: RequestResponder
  let limits: ServerLimits
  let logger: Logger

  /// Serves the client until it leaves, idles out or the daemon stops.
  func run() async {
    let activity = ConnectionActivity()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.closeWhenIdle(activity) }
      do {
        try await self.channel.executeThenClose { inbound, outbound in
          try await self.serve(inbound, outbound, activity)
        }
      } catch {
        self.logger.debug("client on \(self.role.fileName) left: \(error)")
      }
      group.cancelAll()
    }
  }

  private func serve(
    _ inbound: NIOAsyncChannelInboundStream<ByteBuffer>,
    _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
    _ activity: ConnectionActivity
  ) async throws {
    var framer = LineFramer()
    var batch = ReplyBatch()
    for try await buffer in inbound {
      let frames = framer.append(buffer.readableBytesView)
      for frame in frames {
        switch frame {
        case .tooLong:
          try await batch.add(Self.buffer(Reply.line(id: nil, error: Self.tooLong)), to: outbound, activity)
        case .line(let line):
          activity.touch(busy: true)
          switch await self.responder.respond(to: line, on: self.role) {
          case .line(let reply):
            try await batch.add(Self.buffer(reply), to: outbound, activity)
            // An action may wait (a refresh, a reload): the replies before
            // it do not. Queries answer from the database at once.
            if self.role == .control { try await batch.send(to: outbound, activity) }
          case .pieces(var pieces):
            try await batch.send(to: outbound, activity)
            while let piece = pieces.next() {
              try await self.write(ByteBuffer(bytes: piece), to: outbound, activity)
            }
          case .stream(var stream):
            try await batch.send(to: outbound, activity)
            try await self.write(&stream, to: outbound, activity)
          case .lines(let lines):
            try await batch.send(to: outbound, activity)
            try await self.write(lines, to: outbound, activity)
          case .watch(let request, let filter):
            try await batch.send(to: outbound, activity)
            try await WatchSession(
              request: request, filter: filter, channel: self.channel.channel, outbound: outbound,
              hub: self.responder.watchHub,
              bufferLimit: self.limits.watchBufferLines, logger: self.logger
            ).run()
            return
          }
        }
      }
      try await batch.send(to: outbound, activity)
      // Only a whole line is activity: the bytes of an unfinished one are
      // not, so a client that trickles a request a byte at a time is closed
      // once `idleTimeout` passed since its last answer (or its connect),
      // as one that sends nothing is, instead of holding its slot for good.
      if !frames.isEmpty { activity.touch(busy: false) }
      // A client that pipelines keeps `inbound` full, so without a
      // suspension this task would run on, and connections waiting for a
      // thread of the cooperative pool would wait for it (p99 of `get`
      // under 32 pipelined connections: 108 ms before, see
      // docs/benchmarks-analysis.md).
      await Task.yield()
    }
  }

  /// Writes one reply line. Waiting for the client to read it is not work
  /// in flight: a client that stops reading is idle, and is closed after the
  /// idle timeout, which frees the reply it left (a line, or the piece of a
  /// long list being written).
  private func write(
    _ reply: Data, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, _ activity: ConnectionActivity
  ) async throws {
    try await self.write(Self.buffer(reply), to: outbound, activity)
  }

  /// Writes one reply line or one piece of a long one. The writer waits
  /// while the socket's buffer is above its high-water mark, so a reply
  /// written in pieces holds one piece at a time, however slowly the
  /// client reads.
  private func write(
    _ reply: ByteBuffer, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, _ activity: ConnectionActivity
  ) async throws {
    activity.touch(busy: false)
    try await outbound.write(reply)
  }

  /// Writes reply lines made one at a time; when making one fails, an
  /// error line ends the reply and the connection closes (the client has
  /// part of a reply it cannot complete). A client that leaves meanwhile is
  /// no failure of the daemon's.
  private func write(
    _ lines: AsyncThrowingStream<Data, any Error>, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
    _ activity: ConnectionActivity
  ) async throws {
    var iterator = lines.makeAsyncIterator()
    while true {
      let line: Data?
      do {
        line = try await iterator.next()
      } catch {
        self.logger.error("a streamed reply on \(self.role.fileName) failed: \(error)")
        try await self.write(
          Reply.line(id: nil, error: ProtocolError(.unavailable, "the reply failed: \(error); nothing more follows")),
          to: outbound, activity)
        throw error
      }
      guard let line else { return }
      try await self.write(line, to: outbound, activity)
    }
  }

  /// Writes a list read from the database as it is written; when a page
  /// cannot be read, the reply ends with an error line where it can (after
  /// whole lines) and the connection closes (the client has part of a
  /// reply it cannot complete).
  private func write(
    _ stream: inout ListReplyStream, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
    _ activity: ConnectionActivity
  ) async throws {
    while true {
      let pieces: [[UInt8]]?
      do {
        pieces = try await stream.next()
      } catch {
        // A daemon that stops cancels the read: no failure of the cache's.
        guard !Task.isCancelled else { throw CancellationError() }
        self.logger.error("a streamed list on \(self.role.fileName) failed: \(error.message)")
        if let line = stream.errorLine(error) { try await self.write(line, to: outbound, activity) }
        throw error
      }
      guard let pieces else { return }
      for piece in pieces { try await self.write(ByteBuffer(bytes: piece), to: outbound, activity) }
    }
  }

  private func closeWhenIdle(_ activity: ConnectionActivity) async {
    let timeout = self.limits.idleTimeout
    guard await activity.waitUntilIdle(for: timeout) else { return }
    self.logger.debug("closing a client idle for \(timeout) on \(self.role.fileName)")
    self.channel.channel.close(promise: nil)
  }

  static func buffer(_ data: Data) -> ByteBuffer {
    ByteBuffer(bytes: data)
  }

  private static let tooLong = ProtocolError(
    .tooLarge,
    "a request line is longer than \(WireProtocol.maxLineLength) bytes and was discarded; send one JSON object per line"
  )
}
