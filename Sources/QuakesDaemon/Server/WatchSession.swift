import Foundation
import Logging
import NIOCore
import QuakesData
import QuakesProtocol

/// Streams `quakes.watch` to one client: the status, then one line per
/// change, until the client leaves or the daemon stops.
///
/// The store's transitions are turned into lines at once and queued for the
/// client in a buffer of ``bufferLimit`` lines; the client's socket drains
/// it. A client that reads too slowly fills the buffer: nothing more is
/// queued for it, it gets a `quakes.Unavailable` error line after the lines
/// already queued, and the connection is closed once that line is written or
/// after ``overflowGrace``, whichever comes first. The store never waits for
/// a watcher.
struct WatchSession: Sendable {
  let request: Request
  let channel: any Channel
  let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
  let responder: RequestResponder
  let bufferLimit: Int
  let logger: Logger

  /// How long a watcher that fell behind has to read the lines queued for it
  /// and its error line.
  private static let overflowGrace: Duration = .seconds(5)

  func run() async throws {
    let (lines, continuation) = AsyncThrowingStream<Data, any Error>.makeStream(
      bufferingPolicy: .bufferingOldest(self.bufferLimit))
    let transitions = await self.responder.store.makeStream()
    continuation.yield(try self.line(self.responder.watchStart(self.responder.store.snapshot())))
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for await transition in transitions {
          for event in self.responder.watchEvents(
            oldState: transition.oldState, action: transition.action, newState: transition.newState)
          {
            guard case .enqueued = continuation.yield(try self.line(event)) else {
              self.logger.notice(
                "dropping a watcher on \(self.channel.localAddress?.pathname ?? "a socket") that fell \(self.bufferLimit) lines behind")
              continuation.finish(throwing: FellBehind())
              try await Task.sleep(for: Self.overflowGrace)
              return
            }
          }
        }
        continuation.finish()
      }
      group.addTask {
        do {
          for try await line in lines {
            try await self.outbound.write(ClientConnection.buffer(line))
          }
        } catch is FellBehind {
          try await self.outbound.write(
            ClientConnection.buffer(
              Reply.line(
                id: self.request.id,
                error: ProtocolError(
                  .unavailable,
                  "this watcher fell more than \(self.bufferLimit) lines behind and was dropped; read faster, then watch again"))))
        }
        // Written is not yet sent: a close now could drop the error line
        // still waiting for the client's socket to take it.
        try await self.channel.closeFuture.get()
      }
      group.addTask {
        try await self.channel.closeFuture.get()
      }
      // The client left, the store stopped, or a watcher that fell behind
      // used up its grace (a client reading its error line closes first).
      try await group.next()
      self.channel.close(promise: nil)
      group.cancelAll()
    }
  }

  /// The end of a watch whose client fell behind.
  private struct FellBehind: Error {}

  private func line(_ event: WatchEvent) throws -> Data {
    try Reply.line(id: self.request.id, result: event, continues: true)
  }
}
