package import Foundation
package import QuakesProtocol

/// Makes the copy of the database that `daemon.backup` streams.
package protocol BackupStreaming: Sendable {
  /// The reply lines of the request `id`: the copy's bytes, then its size
  /// and quake count, made as the client takes them.
  ///
  /// - Throws: ``ProtocolError`` when the copy cannot be made.
  func replyLines(id: JSONScalar?) async throws(ProtocolError) -> AsyncThrowingStream<Data, any Error>
}
