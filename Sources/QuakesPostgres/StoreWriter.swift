/// The one door through which an instance writes to the store: open while
/// it leads (``lead(_:)``), each write a ``FencedTransaction`` after the
/// change it last saw, one write at a time.
///
/// The term comes from the candidacy (``LeaderElection``'s roles); the head
/// of the change sequence is read when a term starts, and after any write
/// that failed, so that a write never builds on a head it merely assumed.
public actor StoreWriter {
  private let store: PostgresStore
  private var term: LeaderLease.Term?
  /// The change the next write comes after; `nil`: read it first.
  private var head: Int64?
  private var isWriting = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  public init(store: PostgresStore) {
    self.store = store
  }

  /// Opens the door for `term`, or closes it (`nil`: this instance does not lead).
  public func lead(_ term: LeaderLease.Term?) {
    self.term = term
    self.head = nil
  }

  /// The term writes are made in; `nil` when this instance does not lead.
  public var currentTerm: LeaderLease.Term? { self.term }

  /// Runs `write` in a fenced transaction as the change after the last one,
  /// once the writes before it have ended; returns what it wrote. `write`
  /// gets the connection and the number its change will have, which the
  /// rows it writes carry (`changed`).
  ///
  /// - Throws: ``PostgresStoreError`` when this instance does not lead or
  ///   the store fails; ``FencedOut`` when the term ended or another
  ///   instance wrote (nothing committed); what `write` throws.
  @discardableResult
  func write<Written: Sendable>(
    _ write: @Sendable (StoreConnection, _ change: Int64) async throws -> Written
  ) async throws -> Written {
    await self.waitForTurn()
    defer { self.endTurn() }
    guard let term = self.term else {
      throw PostgresStoreError(
        "this quakesd does not lead: only the leader writes to the store (docs/ha.md, \"Roles\")")
    }
    do {
      let after: Int64
      if let head = self.head { after = head } else { after = try await self.store.changeHead().sequence }
      let (head, written) = try await FencedTransaction(store: self.store, term: term).commit(
        after: after, returning: { connection in try await write(connection, after + 1) })
      self.head = head
      return written
    } catch {
      self.head = nil
      throw error
    }
  }

  private func waitForTurn() async {
    guard self.isWriting else {
      self.isWriting = true
      return
    }
    await withCheckedContinuation { self.waiting.append($0) }
  }

  /// Hands the turn to the next write waiting, if any.
  private func endTurn() {
    if self.waiting.isEmpty {
      self.isWriting = false
    } else {
      self.waiting.removeFirst().resume()
    }
  }
}
