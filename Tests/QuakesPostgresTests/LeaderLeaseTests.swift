import Foundation
import Logging
import PostgresNIO
import QuakesPostgres
import QuakesTestSupport
import Testing

/// The schema, the leader's lease and fenced writes, against a real
/// PostgreSQL cluster made for each test. The lease is judged by the
/// database's clock: a test moves a term past its expiry by writing the
/// lease's row, as the clock would, or waits for a short one to run out.
///
/// One test at a time: each makes a cluster, and `make test` runs the other
/// suites beside them, so that a short term could end, on a loaded machine,
/// before the write that needs it begins. The short terms below are still
/// long enough for that (seconds), and a write that fails early ends its
/// test with a failure, never a wait.
@Suite(
  .enabled(if: PostgresCluster.programs != nil, Comment(rawValue: PostgresCluster.absent)), .serialized,
  .timeLimit(.minutes(5)))
struct LeaderLeaseTests {
  static let logger = {
    var logger = Logger(label: "quakesd-tests")
    logger.logLevel = .error
    return logger
  }()

  /// A store on `cluster`'s TCP port, with its password.
  static func store(
    _ cluster: PostgresCluster, idleTransactionTimeout: Duration = .seconds(15), readTimeout: Duration = .seconds(20)
  ) async throws -> PostgresStore {
    let location = try PostgresLocation(
      url: "postgresql://\(cluster.user)@127.0.0.1:\(cluster.port)/postgres?sslmode=disable", environment: [:],
      userName: "nobody")
    return try await PostgresStore(
      location: location, password: cluster.password, idleTransactionTimeout: idleTransactionTimeout,
      readTimeout: readTimeout, logger: Self.logger)
  }

  /// Ends the live term as the database's clock would: its expiry moves into the past.
  static func expire(_ cluster: PostgresCluster) async throws {
    try await cluster.psql("UPDATE quakesd_lease SET expires_at = clock_timestamp() - interval '1 second'")
  }

  /// A row a fenced write leaves, to see whether it was committed.
  static func mark(_ name: String) -> (StoreConnection) async throws -> Void {
    { connection in
      try await connection.query("INSERT INTO feeds (name) VALUES (\(name))")
    }
  }

  static func marks(_ cluster: PostgresCluster) async throws -> [String] {
    try await cluster.psql("SELECT name FROM feeds ORDER BY name").split(separator: "\n").map(String.init)
  }

  @Test("instances starting together migrate once, one after the other; a newer schema is refused")
  func migrations() async throws {
    try await withPostgresCluster { cluster in
      let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
        for _ in 0..<4 { group.addTask { try await Self.store(cluster) } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(
        try await cluster.psql("SELECT version FROM quakesd_schema") == "\(PostgresSchema.currentVersion)",
        "every step ran")
      #expect(try await cluster.psql("SELECT count(*) FROM quakesd_lease") == "1")
      for store in stores {
        #expect(try await store.changeHead() == ChangeHead(sequence: 0, epoch: 0))
        await store.close()
      }
      try await cluster.psql("UPDATE quakesd_schema SET version = 99")
      let error = await #expect(throws: (any Error).self) { try await Self.store(cluster) }
      #expect("\(error.map { "\($0)" } ?? "")".contains("schema is version 99, written by a newer quakesd"))
    }
  }

  @Test("a store that cannot be reached, or refuses the password, is an error naming it")
  func unreachable() async throws {
    try await withPostgresCluster { cluster in
      let location = try PostgresLocation(
        url: "postgresql://\(cluster.user)@127.0.0.1:\(cluster.port)/postgres?sslmode=disable", environment: [:],
        userName: "nobody")
      let refused = await #expect(throws: (any Error).self) {
        try await PostgresStore(location: location, password: "wrong", logger: Self.logger)
      }
      let message = refused.map { "\($0)" } ?? ""
      #expect(message.contains("postgresql://quakesd@127.0.0.1:\(cluster.port)/postgres"), "\(message)")
      #expect(message.contains("password authentication failed"), "\(message)")
      #expect(!message.contains("wrong"), "the password sent is never in a message")

      let closed = try RefusingPort()
      let nowhere = try PostgresLocation(
        url: "postgresql://\(cluster.user)@127.0.0.1:\(closed.port)/postgres?sslmode=disable", environment: [:],
        userName: "nobody")
      let unreachable = await #expect(throws: PostgresStoreError.self) {
        try await PostgresStore(location: nowhere, password: cluster.password, logger: Self.logger)
      }
      let reason = unreachable?.description ?? ""
      #expect(reason.hasPrefix("the PostgreSQL store postgresql://quakesd@127.0.0.1:\(closed.port)/postgres failed: "))
      #expect(reason.lowercased().contains("refused"), "\(reason)")
    }
  }

  @Test(
    "one candidate leads; a renewal after expiry fails; the next term has the next epoch; resigning hands over at once")
  func terms() async throws {
    try await withPostgresCluster { cluster in
      let store = try await Self.store(cluster)
      let a = LeaderLease(store: store, candidate: "a")
      let b = LeaderLease(store: store, candidate: "b")
      #expect(try await a.holding() == LeaderLease.Holding(epoch: 0, holder: nil, remaining: .zero))
      let first = try #require(try await a.acquire())
      #expect(first == LeaderLease.Term(epoch: 1, holder: "a"))
      #expect(try await b.acquire() == nil)
      #expect(try await a.acquire() == nil, "a live term is not taken again, not even by its holder")
      let holding = try await b.holding()
      #expect(holding.holder == "a" && holding.epoch == 1 && holding.isLive)
      #expect(holding.remaining > .seconds(10) && holding.remaining <= .seconds(15))
      #expect(try await a.renew(first))

      try await Self.expire(cluster)
      #expect(try await !a.renew(first), "an expired term is not renewed, though nobody took over")
      #expect(try await !a.holding().isLive)
      let second = try #require(try await b.acquire())
      #expect(second == LeaderLease.Term(epoch: 2, holder: "b"))
      #expect(try await !a.renew(first))
      try await a.resign(first)
      #expect(try await b.holding().holder == "b", "resigning an old term leaves the new one alone")

      try await b.resign(second)
      #expect(try await b.holding() == LeaderLease.Holding(epoch: 2, holder: nil, remaining: .zero))
      #expect(try await a.acquire() == LeaderLease.Term(epoch: 3, holder: "a"))
      await store.close()
    }
  }

  @Test("only the live term's writes commit, each moving the change sequence by one from where its writer saw it")
  func fencedWrites() async throws {
    try await withPostgresCluster { cluster in
      let store = try await Self.store(cluster)
      let a = LeaderLease(store: store, candidate: "a")
      let b = LeaderLease(store: store, candidate: "b")
      let first = try #require(try await a.acquire())
      let byA = FencedTransaction(store: store, term: first)
      #expect(try await byA.commit(after: 0, Self.mark("a1")) == 1)
      #expect(try await store.changeHead() == ChangeHead(sequence: 1, epoch: 1))

      try await Self.expire(cluster)
      let deposed = try #require(
        await #expect(throws: FencedOut.self) { try await byA.commit(after: 1, Self.mark("a2")) })
      #expect(deposed.epoch == 1 && deposed.description.contains("the term 1 is over"), "\(deposed)")

      let second = try #require(try await b.acquire())
      let byB = FencedTransaction(store: store, term: second)
      await #expect(throws: FencedOut.self) { try await byA.commit(after: 1, Self.mark("a3")) }
      #expect(try await byB.commit(after: 1, Self.mark("b1")) == 2)
      let stale = try #require(
        await #expect(throws: FencedOut.self) { try await byB.commit(after: 1, Self.mark("b2")) })
      #expect(stale.description.contains("moved the change sequence past 1"), "\(stale)")
      struct Refused: Error {}
      await #expect(throws: Refused.self) {
        try await byB.commit(after: 2) { connection in
          try await Self.mark("b3")(connection)
          throw Refused()
        }
      }
      #expect(try await Self.marks(cluster) == ["a1", "b1"])
      #expect(try await store.changeHead() == ChangeHead(sequence: 2, epoch: 2))
      await store.close()
    }
  }

  @Test("a takeover waits for the last leader's write in flight, which then cannot commit past its term")
  func takeoverWaitsForTheWriteInFlight() async throws {
    try await withPostgresCluster { cluster in
      let store = try await Self.store(cluster)
      let a = LeaderLease(store: store, candidate: "a", timeToLive: .seconds(8))
      let b = LeaderLease(store: store, candidate: "b")
      let term = try #require(try await a.acquire())
      let write = try await HeldWrite.begin(in: store, term: term)
      // The term runs out by the database's clock while the write is held.
      let expired = try await poll(until: .now + .seconds(60), every: .milliseconds(50)) {
        try await b.holding().remaining == .zero ? true : nil
      }
      #expect(expired == true)
      #expect(try await b.acquire() == nil, "the write in flight holds the lease's row")
      let refused = await write.finish()
      #expect(refused is FencedOut, "\(String(describing: refused))")
      #expect(try await b.acquire() == LeaderLease.Term(epoch: 2, holder: "b"))
      #expect(try await Self.marks(cluster).isEmpty)
      #expect(try await store.changeHead() == ChangeHead(sequence: 0, epoch: 0))
      await store.close()
    }
  }

  @Test("a leader stopped in the middle of a write is cut off by the server, and another takes over")
  func stoppedWriterIsCutOff() async throws {
    try await withPostgresCluster { cluster in
      let stopped = try await Self.store(cluster, idleTransactionTimeout: .seconds(5))
      let other = try await Self.store(cluster)
      let a = LeaderLease(store: stopped, candidate: "a", timeToLive: .seconds(6))
      let b = LeaderLease(store: other, candidate: "b")
      let term = try #require(try await a.acquire())
      let write = try await HeldWrite.begin(in: stopped, term: term)
      let taken = try await poll(until: .now + .seconds(60), every: .milliseconds(100)) { try await b.acquire() }
      #expect(taken == LeaderLease.Term(epoch: 2, holder: "b"))
      let cutOff = await write.finish()
      #expect(
        (cutOff as? PostgresStoreError)?.description.contains("the connection to the store was closed") == true,
        "\(String(describing: cutOff))")
      #expect(try await Self.marks(cluster).isEmpty)
      await stopped.close()
      await other.close()
    }
  }

  /// A fenced write of the mark `a1` held open in the middle: begun (its
  /// lease row read, its row written) and waiting to be let go.
  struct HeldWrite {
    let release: AsyncStream<Void>.Continuation
    let writing: Task<Void, any Error>

    /// Begins the write in `term` and returns once it holds the lease's row.
    static func begin(in store: PostgresStore, term: LeaderLease.Term) async throws -> HeldWrite {
      let (inWrite, wrote) = AsyncStream.makeStream(of: Void.self)
      let (released, release) = AsyncStream.makeStream(of: Void.self)
      let writing = Task {
        defer { wrote.finish() }
        _ = try await FencedTransaction(store: store, term: term).commit(after: 0) { connection in
          try await LeaderLeaseTests.mark("a1")(connection)
          wrote.yield()
          for await _ in released { break }
        }
      }
      var began = false
      for await _ in inWrite {
        began = true
        break
      }
      try #require(began, "the write began within its term")
      return HeldWrite(release: release, writing: writing)
    }

    /// Lets the write go on to its commit; the error that ended it, if any.
    func finish() async -> (any Error)? {
      self.release.yield()
      do {
        try await self.writing.value
        return nil
      } catch {
        return error
      }
    }
  }
}
