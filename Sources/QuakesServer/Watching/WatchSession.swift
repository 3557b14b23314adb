import Foundation
import Logging
import NIOCore
import QuakesData
import QuakesModel
import QuakesProtocol

/// Streams `quakes.watch` to one client: the status, then one line per
/// change, until the client leaves or the daemon stops.
///
/// The events come from the ``WatchHub``, computed and encoded once for all
/// watchers, and queue for this client in a buffer of ``bufferLimit``
/// lines; the client's socket drains it. A client that reads too slowly
/// fills the buffer: nothing more is queued for it, it gets a
/// `quakes.Unavailable` error line after the lines already queued, and the
/// connection is closed once the client closes or after ``overflowGrace``,
/// whichever comes first. The store never waits for a watcher.
struct WatchSession: Sendable {
  let request: Request
  /// Which quakes this watcher follows; `nil` for every one.
  let filter: QuakesQuery.Filter?
  let channel: any Channel
  let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
  let hub: WatchHub
  let bufferLimit: Int
  let logger: Logger

  /// How long a watcher that fell behind has to read the lines queued for it
  /// and its error line.
  private static let overflowGrace: Duration = .seconds(5)

  func run() async throws {
    let subscription = self.hub.subscribe(bufferLimit: self.bufferLimit, filter: self.filter)
    defer { self.hub.unsubscribe(subscription.id) }
    try await self.outbound.write(ClientConnection.buffer(try self.line(self.hub.start())))
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        do {
          for try await result in subscription.results {
            try await self.outbound.write(ClientConnection.buffer(try self.line(result)))
          }
          return  // the store stopped
        } catch is WatchHub.FellBehind {
          try await self.outbound.write(
            ClientConnection.buffer(
              Reply.line(
                id: self.request.id,
                error: ProtocolError(
                  .unavailable,
                  "this watcher fell more than \(Plural.count(self.bufferLimit, "line")) behind and was dropped; read faster, then watch again"
                ))))
        }
        // Written is not yet sent: a close now could drop the error line
        // still waiting for the client's socket to take it.
        try await self.channel.closeFuture.get()
      }
      group.addTask {
        // A watcher that fell behind has a grace period to read what was
        // queued for it and its error line, even while its writes block.
        for await _ in subscription.fellBehind {
          self.logger.notice(
            "dropping a watcher on \(self.channel.localAddress?.pathname ?? "a socket") that fell \(Plural.count(self.bufferLimit, "line")) behind"
          )
          try await Task.sleep(for: Self.overflowGrace)
          return
        }
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

  private func line(_ encodedResult: Data) throws -> Data {
    try Reply.line(id: self.request.id, encodedResult: encodedResult, continues: true)
  }
}
