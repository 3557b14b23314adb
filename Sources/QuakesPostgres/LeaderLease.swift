import Foundation
import PostgresNIO

/// The lease that makes one quakesd of many the leader: the one row of
/// `quakesd_lease`, judged by the database's clock (`clock_timestamp()`),
/// never by a host's, so that hosts whose clocks disagree still agree on
/// who leads.
///
/// A candidate takes the lease when nobody holds it or its holder let it
/// expire, and the term's `epoch` goes up by one: epochs are never reused,
/// so a write stamped with an old one is told from the leader's
/// (``FencedTransaction``). The leader renews well before the lease
/// expires (every third of its time to live); a renewal after expiry fails
/// even if nobody took over meanwhile, and the old leader must take the
/// lease anew, in a new term. Resigning ends the term at once.
///
/// Session advisory locks are not a lease: a holder that is stopped or cut
/// off keeps its lock for as long as the server keeps its connection
/// (minutes, with TCP keepalives), and it is never told it lost it.
public struct LeaderLease: Sendable {
  /// One term of leadership.
  public struct Term: Sendable, Equatable {
    /// The term's number: one more than the term before.
    public let epoch: Int64
    /// Who holds it (``LeaderLease/candidate``).
    public let holder: String

    public init(epoch: Int64, holder: String) {
      self.epoch = epoch
      self.holder = holder
    }
  }

  /// The lease as it is now.
  public struct Holding: Sendable, Equatable {
    /// The last term's epoch; 0 before the first.
    public let epoch: Int64
    /// Who holds it; `nil` once its holder resigned, and before the first term.
    public let holder: String?
    /// How long until it expires, by the database's clock; zero once it has.
    public let remaining: Duration

    public init(epoch: Int64, holder: String?, remaining: Duration) {
      self.epoch = epoch
      self.holder = holder
      self.remaining = remaining
    }

    /// Whether a candidate holds the lease now.
    public var isLive: Bool { self.holder != nil && self.remaining > .zero }
  }

  let store: PostgresStore
  /// This instance's name in the lease: unique among the instances (its
  /// host, process and start, say).
  public let candidate: String
  /// How long a term lasts unless renewed.
  public let timeToLive: Duration
  /// How long taking the lease waits for a write in flight of the last
  /// leader (which holds the lease's row) before giving up for now.
  let lockTimeout: Duration

  public init(store: PostgresStore, candidate: String, timeToLive: Duration = .seconds(15)) {
    self.store = store
    self.candidate = candidate
    self.timeToLive = timeToLive
    self.lockTimeout = .seconds(1)
  }

  /// Takes the lease if nobody holds it: the new term, or `nil` when
  /// another candidate's term is live (or its write in flight kept the
  /// row longer than the lock timeout).
  ///
  /// - Throws: ``PostgresStoreError`` when the store cannot be reached.
  public func acquire() async throws -> Term? {
    let (candidate, ttl, lockTimeout) = (self.candidate, self.timeToLive.milliseconds, self.lockTimeout.milliseconds)
    do {
      return try await self.store.transaction { connection in
        try await connection.query(PostgresQuery(unsafeSQL: "SET LOCAL lock_timeout = \(lockTimeout)"))
        let rows = try await connection.query(
          """
          UPDATE quakesd_lease
          SET holder = \(candidate), epoch = epoch + 1,
            expires_at = clock_timestamp() + \(ttl) * interval '1 millisecond'
          WHERE id = 1 AND (holder IS NULL OR expires_at <= clock_timestamp())
          RETURNING epoch
          """)
        return try rows.first.map { Term(epoch: try $0.decode(Int64.self), holder: candidate) }
      }
    } catch {
      // lock_not_available: the last leader's write is still in flight.
      if let error = PostgresStore.unwrapped(error) as? PSQLError, error.serverInfo?[.sqlState] == "55P03" {
        return nil
      }
      throw PostgresStore.translating(error, at: self.store.location)
    }
  }

  /// Extends `term` by the time to live; `false` when it is no longer this
  /// candidate's to extend (it expired, was resigned, or another took over).
  ///
  /// - Throws: ``PostgresStoreError`` when the store cannot be reached.
  public func renew(_ term: Term) async throws -> Bool {
    do {
      let rows = try await self.store.client.query(
        """
        UPDATE quakesd_lease SET expires_at = clock_timestamp() + \(self.timeToLive.milliseconds) * interval '1 millisecond'
        WHERE id = 1 AND epoch = \(term.epoch) AND holder = \(term.holder) AND expires_at > clock_timestamp()
        RETURNING epoch
        """, logger: self.store.logger)
      return try await !rows.collect().isEmpty
    } catch {
      throw PostgresStore.translating(error, at: self.store.location)
    }
  }

  /// Ends `term` now, so that another candidate takes over at once
  /// (SIGTERM). Nothing happens when the term is already over.
  ///
  /// - Throws: ``PostgresStoreError`` when the store cannot be reached.
  public func resign(_ term: Term) async throws {
    do {
      // Announced, so that a candidate takes it at once, not at its next look.
      try await self.store.client.query(
        """
        WITH resigned AS (
          UPDATE quakesd_lease SET holder = NULL, expires_at = clock_timestamp()
          WHERE id = 1 AND epoch = \(term.epoch) AND holder = \(term.holder) RETURNING epoch
        )
        SELECT pg_notify(\(PostgresStore.leaseChannel), '') FROM resigned
        """, logger: self.store.logger)
    } catch {
      throw PostgresStore.translating(error, at: self.store.location)
    }
  }

  /// The lease as the database sees it now.
  ///
  /// - Throws: ``PostgresStoreError`` when the store cannot be reached.
  public func holding() async throws -> Holding {
    do {
      let rows = try await self.store.client.query(
        """
        SELECT holder, epoch,
          GREATEST(0, floor(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::bigint
        FROM quakesd_lease WHERE id = 1
        """, logger: self.store.logger)
      guard let row = try await rows.collect().first else {
        throw PostgresStoreError("the store has no lease row: its schema was changed by hand")
      }
      let (holder, epoch, remaining) = try row.decode((String?, Int64, Int64).self)
      return Holding(epoch: epoch, holder: holder, remaining: .milliseconds(remaining))
    } catch {
      throw PostgresStore.translating(error, at: self.store.location)
    }
  }
}
