public import PostgresNIO

/// A connection to the store inside one of its transactions
/// (``PostgresStore/transaction(_:)``), through which every statement of
/// the transaction goes.
///
/// A statement on a connection the server has closed fails, saying so.
/// postgres-nio 1.33.2 hands a statement to the channel with no promise
/// for the write: on a channel already closed, nobody ever answers it, and
/// its caller would wait for ever. The server closes a connection whose
/// transaction sat idle past `idle_in_transaction_session_timeout`, which
/// is exactly what happens to a leader stopped in the middle of a write.
/// So a statement is refused on a closed connection, and a statement in
/// flight when the connection closes (or sent just after it closed, when
/// the channel had not yet seen the close) ends within a tenth of a second
/// of it; the statement's own wait is left behind.
public struct StoreConnection: Sendable {
  let connection: PostgresConnection
  let logger: Logger

  /// Runs `query`; its rows, read to the end.
  ///
  /// - Throws: ``PostgresStoreError`` when the connection is or becomes
  ///   closed first; PostgresNIO's error when the statement fails.
  @discardableResult
  public func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
    try await self.guarded { try await $0.query(query, logger: $1).collect() }
  }

  /// Runs `query`; its rows as they come, for a caller that reads many
  /// and keeps few. The wait for the statement's first answer is guarded
  /// as ``query(_:)``'s; a connection that closes later ends the rows with
  /// PostgresNIO's error.
  func rows(_ query: PostgresQuery) async throws -> PostgresRowSequence {
    try await self.guarded { try await $0.query(query, logger: $1) }
  }

  /// Runs `statement` on the connection unless it is closed, and ends the
  /// wait within a tenth of a second of the connection closing meanwhile.
  private func guarded<Answer: Sendable>(
    _ statement: @escaping @Sendable (PostgresConnection, Logger) async throws -> Answer
  ) async throws -> Answer {
    guard !self.connection.isClosed else { throw Self.closed }
    let (connection, logger) = (self.connection, self.logger)
    return try await withCheckedThrowingContinuation { continuation in
      let answer = FirstResumption(continuation)
      // Looked at every tenth of a second while the statement runs (a
      // callback on the connection's close would stay registered for as
      // long as the pool keeps the connection).
      let watch = Task {
        while !Task.isCancelled {
          if connection.isClosed {
            answer.resume(with: .failure(Self.closed))
            return
          }
          try? await Task.sleep(for: .milliseconds(100))
        }
      }
      Task {
        do {
          answer.resume(with: .success(try await statement(connection, logger)))
        } catch let error as PSQLError
          where error.code == .serverClosedConnection || error.code == .clientClosedConnection
        {
          answer.resume(with: .failure(Self.closed))
        } catch {
          answer.resume(with: .failure(error))
        }
        watch.cancel()
      }
    }
  }

  private static let closed = PostgresStoreError(
    "the connection to the store was closed (by the server: a transaction idle too long, a restart, "
      + "or the network)")
}
