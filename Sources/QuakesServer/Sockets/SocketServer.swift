import Foundation
package import Logging
import NIOCore
import NIOPosix
import QuakesModel
package import QuakesProtocol

/// Accepts clients on one socket and serves each in its own task.
package struct SocketServer: Sendable {
  /// The listening channel.
  private let listener: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
  /// Which socket this is.
  package let role: SocketRole
  /// The file to remove on stop; `nil` for a socket systemd passed (it owns the file).
  private let ownedPath: String?

  private init(
    listener: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>, role: SocketRole, ownedPath: String?
  ) {
    self.listener = listener
    self.role = role
    self.ownedPath = ownedPath
  }

  /// Creates the socket file at `path` and listens on it.
  ///
  /// - Throws: ``SocketListenError`` when another quakesd serves `path`, or it cannot be created.
  package static func listen(_ role: SocketRole, at path: String, logger: Logger) async throws -> SocketServer {
    try SocketFile.prepare(path)
    let listener: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
    do {
      listener = try await self.bootstrap().bind(unixDomainSocketPath: path, childChannelInitializer: Self.wrap)
    } catch {
      throw SocketListenError("cannot listen on \(path): \(error)")
    }
    if let problem = SocketFile.setPermissions(path, mode: role.fileMode, group: role == .control ? "quakes" : nil) {
      logger.warning("\(problem)")
    }
    return SocketServer(listener: listener, role: role, ownedPath: path)
  }

  /// Listens on a socket systemd passed (socket activation).
  package static func adopt(_ role: SocketRole, descriptor: CInt) async throws -> SocketServer {
    let listener = try await self.bootstrap().bind(descriptor, childChannelInitializer: Self.wrap)
    return SocketServer(listener: listener, role: role, ownedPath: nil)
  }

  /// Accepts and serves clients until the calling task is cancelled; then
  /// closes the socket (and removes its file, if the daemon made it).
  ///
  /// A client gets the limits in force when it connects.
  package func run(
    responder: RequestResponder, limits: @escaping @Sendable () -> ServerLimits, connections: ConnectionCount,
    logger: Logger
  ) async {
    defer {
      if let path = self.ownedPath { unlink(path) }
    }
    do {
      try await withThrowingDiscardingTaskGroup { group in
        try await self.listener.executeThenClose { inbound in
          for try await channel in inbound {
            let count = connections.increment()
            let limits = limits()
            group.addTask {
              defer { connections.decrement() }
              guard count <= limits.maximumConnections else {
                await Self.refuse(channel, limit: limits.maximumConnections)
                return
              }
              await ClientConnection(
                channel: channel, role: self.role, responder: responder, limits: limits, logger: logger
              ).run()
            }
          }
        }
      }
    } catch is CancellationError {
    } catch {
      logger.error("\(self.role.fileName) stopped accepting clients: \(error)")
    }
  }

  private static func refuse(_ channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, limit: Int) async {
    try? await channel.executeThenClose { _, outbound in
      try await outbound.write(
        ClientConnection.buffer(
          Reply.line(
            id: nil,
            error: ProtocolError(
              .unavailable, "quakesd already serves \(Plural.count(limit, "client")); try again in a moment"))))
    }
  }

  private static func bootstrap() -> ServerBootstrap {
    ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 1_024)
      .childChannelOption(.allowRemoteHalfClosure, value: true)
  }

  @Sendable
  private static func wrap(_ channel: any Channel) -> EventLoopFuture<NIOAsyncChannel<ByteBuffer, ByteBuffer>> {
    channel.eventLoop.makeCompletedFuture {
      try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
    }
  }
}
