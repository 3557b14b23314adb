import Clocks
import Foundation
import Logging
import QuakesModel
import QuakesPostgres
import QuakesTestSupport
import Testing

/// An instance's candidacy over time, on a real store: each instance's
/// renewals run on a test clock the test advances; the lease's expiry is the
/// database's, moved into the past by the test where a term must end.
@Suite(
  .enabled(if: PostgresCluster.programs != nil, Comment(rawValue: PostgresCluster.absent)), .serialized,
  .timeLimit(.minutes(5)))
struct LeaderElectionTests {
  /// An instance: its election on a clock of its own, running until `stop()`.
  struct Instance {
    let election: LeaderElection
    let clock: TestClock<Duration>
    let running: Task<Void, Never>
    /// The roles it took, in order, as they came.
    var roles: AsyncStream<LeaderElection.Role>.Iterator

    static func start(_ name: String, on store: PostgresStore) -> Instance {
      let clock = TestClock()
      let election = LeaderElection(
        lease: LeaderLease(store: store, candidate: name), clock: ElapsedClock(clock), logger: LeaderLeaseTests.logger)
      let running = Task { await election.run() }
      return Instance(election: election, clock: clock, running: running, roles: election.roles.makeAsyncIterator())
    }

    /// The next role it takes.
    mutating func nextRole() async -> LeaderElection.Role? {
      await self.roles.next()
    }

    func stop() async {
      self.running.cancel()
      await self.running.value
    }
  }

  static func expiry(_ cluster: PostgresCluster) async throws -> String {
    try await cluster.psql("SELECT expires_at FROM quakesd_lease")
  }

  @Test("a candidate takes a free lease at once and renews it each interval; the other stays a candidate")
  func leadsAndRenews() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      var a = Instance.start("a", on: store)
      #expect(await a.nextRole() == .leader(LeaderLease.Term(epoch: 1, holder: "a")))
      let b = Instance.start("b", on: store)
      try await b.clock.advanceOnceSleeping(by: b.election.interval)
      try await b.clock.advanceOnceSleeping(by: b.election.interval)
      #expect(await b.election.role == .candidate)
      #expect(a.election.interval == .seconds(5))

      let before = try await Self.expiry(cluster)
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      let renewed = try await poll(until: .now + .seconds(30), every: .milliseconds(20)) {
        try await Self.expiry(cluster) != before ? true : nil
      }
      #expect(renewed == true, "the leader renewed its lease after an interval")
      #expect(await a.election.role == .leader(LeaderLease.Term(epoch: 1, holder: "a")))
      await b.stop()
      await a.stop()
      await store.close()
    }
  }

  @Test("a leader whose lease another took steps down at its next renewal; the other leads in the next term")
  func stepsDownWhenRefused() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      var a = Instance.start("a", on: store)
      #expect(await a.nextRole() == .leader(LeaderLease.Term(epoch: 1, holder: "a")))
      var b = Instance.start("b", on: store)
      try await LeaderLeaseTests.expire(cluster)
      try await b.clock.advanceOnceSleeping(by: b.election.interval)
      #expect(await b.nextRole() == .leader(LeaderLease.Term(epoch: 2, holder: "b")))
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      #expect(await a.nextRole() == .candidate)
      await a.stop()
      await b.stop()
      await store.close()
    }
  }

  @Test("a leader whose renewal hangs steps down when its term could have ended, not later")
  func stepsDownWhenLate() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      var a = Instance.start("a", on: store)
      let term = LeaderLease.Term(epoch: 1, holder: "a")
      #expect(await a.nextRole() == .leader(term))
      // A write in the term holds the lease's row: the renewal waits for it.
      let write = try await LeaderLeaseTests.HeldWrite.begin(in: store, term: term)
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      #expect(await a.election.role == .leader(term), "10 s into a 15 s term it still leads")
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      #expect(await a.nextRole() == .candidate)
      // Let go, the renewal goes through after all; the instance, which no
      // longer leads, resigns the term it renewed.
      _ = await write.finish()
      let resigned = try await poll(until: .now + .seconds(30), every: .milliseconds(20)) {
        try await LeaderLease(store: store, candidate: "test").holding().holder == nil ? true : nil
      }
      #expect(resigned == true)
      await a.stop()
      await store.close()
    }
  }

  @Test("a leader that stops resigns: another takes over at its next request, without waiting for the lease to expire")
  func resignsWhenStopped() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      var a = Instance.start("a", on: store)
      #expect(await a.nextRole() == .leader(LeaderLease.Term(epoch: 1, holder: "a")))
      var b = Instance.start("b", on: store)
      await a.stop()
      #expect(await a.nextRole() == .candidate)
      #expect(await a.nextRole() == nil, "its roles end with its run")
      try await b.clock.advanceOnceSleeping(by: b.election.interval)
      #expect(await b.nextRole() == .leader(LeaderLease.Term(epoch: 2, holder: "b")))
      await b.stop()
      await store.close()
    }
  }
}
