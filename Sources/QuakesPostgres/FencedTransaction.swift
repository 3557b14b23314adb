import PostgresNIO

/// The one way a leader writes to a PostgreSQL store: a transaction that
/// commits only while the writer's term is live and nobody wrote since the
/// change sequence it knows. The store checks it, not the writer, so that a
/// leader that was stopped, paused or cut off and does not know it lost the
/// lease cannot commit anything (a fencing token checked by the store).
///
/// - Before the write, the lease's row is read `FOR SHARE` with the term's
///   epoch, holder and expiry. A candidate taking the lease must update
///   that row, so it waits for the write to end instead of taking over in
///   its middle. A writer stopped in the middle is ended by the server
///   (``PostgresStore``'s idle transaction timeout), which lets go of the row.
/// - After the write, in the same statement, the head of the change
///   sequence moves from `sequence` to the next number (compare and set)
///   if the term is still live by the database's clock at that moment.
///   Otherwise the transaction rolls back and ``FencedOut`` says why.
public struct FencedTransaction: Sendable {
  let store: PostgresStore
  public let term: LeaderLease.Term

  public init(store: PostgresStore, term: LeaderLease.Term) {
    self.store = store
    self.term = term
  }

  /// Runs `write` and commits it as the change after `sequence`; returns the
  /// new head of the sequence.
  ///
  /// - Throws: ``FencedOut`` when the term is over or the sequence moved
  ///   (nothing committed); ``PostgresStoreError`` when the store fails;
  ///   what `write` throws (nothing committed). When the connection went
  ///   while `COMMIT` was on its way, the change head says whether it
  ///   went through: the new head if it did, the connection's error if
  ///   not, and ``PostgresStoreError`` if another write has moved the head
  ///   since, so that it cannot tell.
  @discardableResult
  public func commit(
    after sequence: Int64, _ write: (StoreConnection) async throws -> Void
  ) async throws -> Int64 {
    try await self.commit(after: sequence, returning: write).head
  }

  /// ``commit(after:_:)`` of a write that returns what it wrote: the new
  /// head, and `write`'s result.
  public func commit<Written: Sendable>(
    after sequence: Int64, returning write: (StoreConnection) async throws -> Written
  ) async throws -> (head: Int64, written: Written) {
    var written: Written?
    do {
      let head = try await self.transaction(after: sequence) { connection in
        written = try await write(connection)
      }
      guard let written else { throw PostgresStoreError("the write returned nothing") }
      return (head, written)
    } catch let unknown as CommitOutcomeUnknown {
      let head = try await self.store.changeHead()
      if head == ChangeHead(sequence: sequence + 1, epoch: self.term.epoch), let written {
        return (head.sequence, written)
      }
      guard head.sequence == sequence else {
        throw PostgresStoreError("\(unknown), and another write has moved the change head since: read it anew")
      }
      throw PostgresStore.translating(unknown.underlying, at: self.store.location)
    } catch {
      throw PostgresStore.translating(error, at: self.store.location)
    }
  }

  /// The fenced transaction of ``commit(after:_:)``.
  private func transaction(after sequence: Int64, _ write: (StoreConnection) async throws -> Void) async throws
    -> Int64
  {
    let (epoch, holder) = (self.term.epoch, self.term.holder)
    return try await self.store.transaction { connection in
      let live = try await connection.query(
        """
        SELECT epoch FROM quakesd_lease
        WHERE id = 1 AND epoch = \(epoch) AND holder = \(holder) AND expires_at > clock_timestamp()
        FOR SHARE
        """)
      guard !live.isEmpty else {
        throw FencedOut(
          epoch: epoch, description: "the term \(epoch) is over: another instance leads, or the lease expired")
      }
      try await write(connection)
      let moved = try await connection.query(
        """
        UPDATE quakesd_head SET sequence = sequence + 1, epoch = \(epoch), committed_at = clock_timestamp()
        WHERE id = 1 AND sequence = \(sequence) AND EXISTS (
          SELECT 1 FROM quakesd_lease
          WHERE id = 1 AND epoch = \(epoch) AND holder = \(holder) AND expires_at > clock_timestamp())
        RETURNING sequence
        """)
      guard let head = try moved.first?.decode(Int64.self) else {
        throw FencedOut(
          epoch: epoch,
          description:
            "the term \(epoch) ended during the write, or another write moved the change sequence past \(sequence)")
      }
      // Delivered at the commit, to every instance that listens
      // (``PostgresStore/listenForChanges(_:)``); never if it rolls back.
      try await connection.query("NOTIFY \(unescaped: PostgresStore.changesChannel)")
      return head
    }
  }
}
