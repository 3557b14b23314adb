import ServiceLifecycle

/// One long-running part of the serving daemon (a socket server, the poll
/// scheduler, the watch hub, …) as a `Service` of the daemon's service
/// group: it runs until the group's graceful shutdown reaches it, then its
/// task is cancelled and it returns; a part that ends before then returns
/// when its turn comes.
///
/// The group starts the parts in the order ``Daemon`` lists them and stops
/// them one at a time in the reverse order, each once the one after it has
/// returned (docs/architecture.md, "Stopping").
struct DaemonService: Service, CustomStringConvertible {
  /// The part, as the service group's debug log names it.
  let description: String
  private let body: @Sendable () async -> Void

  /// The part named `name` that `body` runs, until its task is cancelled.
  init(_ name: String, _ body: @escaping @Sendable () async -> Void) {
    self.description = name
    self.body = body
  }

  func run() async throws {
    await cancelWhenGracefulShutdown { await self.body() }
    // A part that ended by itself (a stream that finished) waits for its
    // turn: one that returned while the group stopped another would make
    // the group cancel every part at once, out of order, and fail.
    try? await gracefulShutdown()
  }
}
