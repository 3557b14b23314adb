import Foundation
import QuakesProtocol
import QuakesServer

/// The answer to `daemon.backup` where quakesd cannot make the copy itself
/// (a shared PostgreSQL store): a refusal that says what to use instead.
struct RefusedBackup: BackupStreaming {
  let reason: String

  func replyLines(id: JSONScalar?) async throws(ProtocolError) -> AsyncThrowingStream<Data, any Error> {
    throw ProtocolError(.unavailable, self.reason)
  }
}
