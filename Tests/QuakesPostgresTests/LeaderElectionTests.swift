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

    /// Terms of two minutes: the test clock drives the renewals, the
    /// database's clock the expiry, and a loaded machine must not let a
    /// term run out in real time between two steps of a test.
    static let timeToLive = Duration.seconds(120)

    static func start(_ name: String, on store: PostgresStore) -> Instance {
      let clock = TestClock()
      let lease = LeaderLease(store: store, candidate: name, timeToLive: Self.timeToLive)
      let election = LeaderElection(lease: lease, clock: ElapsedClock(clock), logger: LeaderLeaseTests.logger)
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

  /// A store on `cluster`, and the instance `a` on it, leading in term 1.
  static func leaderA(_ cluster: PostgresCluster) async throws -> (PostgresStore, Instance, LeaderLease.Term) {
    let store = try await LeaderLeaseTests.store(cluster)
    var a = Instance.start("a", on: store)
    let term = LeaderLease.Term(epoch: 1, holder: "a")
    #expect(await a.nextRole() == .leader(term))
    return (store, a, term)
  }

  static func expiry(_ cluster: PostgresCluster) async throws -> String {
    try await cluster.psql("SELECT expires_at FROM quakesd_lease")
  }

  @Test("a candidate takes a free lease at once and renews it each interval; the other stays a candidate")
  func leadsAndRenews() async throws {
    try await withPostgresCluster { cluster in
      let (store, a, _) = try await Self.leaderA(cluster)
      let b = Instance.start("b", on: store)
      try await b.clock.advanceOnceSleeping(by: b.election.interval)
      try await b.clock.advanceOnceSleeping(by: b.election.interval)
      #expect(await b.election.role == .candidate)
      #expect(a.election.interval == Instance.timeToLive / 3)

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
      let (store, leader, _) = try await Self.leaderA(cluster)
      var a = leader
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

  @Test("a renewal that fails leaves the term to the next one, which renews it; no step down")
  func survivesAFailedRenewal() async throws {
    try await withPostgresCluster { cluster in
      let (store, a, term) = try await Self.leaderA(cluster)
      try await cluster.psql("ALTER TABLE quakesd_lease RENAME TO quakesd_lease_away")
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      let failed = try await poll(until: .now + .seconds(30), every: .milliseconds(20)) {
        await a.election.failedRenewals == 1 ? true : nil
      }
      #expect(failed == true)
      #expect(await a.election.role == .leader(term))
      try await cluster.psql("ALTER TABLE quakesd_lease_away RENAME TO quakesd_lease")
      let before = try await Self.expiry(cluster)
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      let renewed = try await poll(until: .now + .seconds(30), every: .milliseconds(20)) {
        try await Self.expiry(cluster) != before ? true : nil
      }
      #expect(renewed == true)
      #expect(await a.election.role == .leader(term))
      #expect(await a.election.failedRenewals == 1)
      await a.stop()
      await store.close()
    }
  }

  @Test("a leader whose renewal hangs steps down when its term could have ended, not later")
  func stepsDownWhenLate() async throws {
    try await withPostgresCluster { cluster in
      let (store, leader, term) = try await Self.leaderA(cluster)
      var a = leader
      // A write in the term holds the lease's row: the renewal waits for it.
      let write = try await LeaderLeaseTests.HeldWrite.begin(in: store, term: term)
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      #expect(await a.election.role == .leader(term), "two intervals into the term it still leads")
      try await a.clock.advanceOnceSleeping(by: a.election.interval)
      #expect(await a.nextRole() == .candidate)
      // Let go, the renewal goes through after all; the instance, which no
      // longer leads in term 1, resigns it (and, a candidate again, may
      // take the lease anew, in term 2).
      _ = await write.finish()
      let resigned = try await poll(until: .now + .seconds(30), every: .milliseconds(20)) {
        let holding = try await LeaderLease(store: store, candidate: "test").holding()
        return holding.holder == nil || holding.epoch > 1 ? true : nil
      }
      #expect(resigned == true, "term 1 is not kept alive by its late renewal")
      await a.stop()
      await store.close()
    }
  }

  @Test("a leader that stops resigns: another takes over at once, told by the store, not at its next look")
  func resignsWhenStopped() async throws {
    try await withPostgresCluster { cluster in
      let (store, leader, _) = try await Self.leaderA(cluster)
      var a = leader
      var b = Instance.start("b", on: store)
      await a.stop()
      #expect(await a.nextRole() == .candidate)
      #expect(await a.nextRole() == nil, "its roles end with its run")
      // b's clock stands still: only the announcement of the resignation wakes it.
      #expect(await b.nextRole() == .leader(LeaderLease.Term(epoch: 2, holder: "b")))
      await b.stop()
      await store.close()
    }
  }
}
