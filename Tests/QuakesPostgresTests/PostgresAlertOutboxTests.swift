import Foundation
import QuakesData
import QuakesModel
import QuakesPostgres
import QuakesTestSupport
import Testing

/// The alert outbox every quakesd of a shared store delivers from: two
/// instances (two stores on one cluster) that read the same due delivery
/// cannot both begin it; a digest is written once when two write it at once.
@Suite(
  .enabled(if: PostgresCluster.programs != nil, Comment(rawValue: PostgresCluster.absent)), .serialized,
  .timeLimit(.minutes(5)))
struct PostgresAlertOutboxTests {
  @Test("two instances read the same due delivery; the one that begins it first has it, the other is told")
  func oneInstanceBeginsADelivery() async throws {
    try await withPostgresCluster { cluster in
      let (storeA, storeB) = (try await LeaderLeaseTests.store(cluster), try await LeaderLeaseTests.store(cluster))
      let leader = try await PostgresLocalStoreTests.leading(storeA)
      let other = PostgresLocalStore(store: storeB)
      let quake = PostgresLocalStoreTests.quake("us1", milliseconds: 1_000_000)
      let fired = Timestamp.date(milliseconds: 5_000_000)
      try await leader.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [quake]),
        firings: [AlertFiring(rule: "all", trigger: .new, quake: quake, firedAt: fired, channels: ["hook"])])

      let now = fired.addingTimeInterval(1)
      let seenByA = try await leader.alertDeliveriesDue(at: now, limit: 10)
      let seenByB = try await other.alertDeliveriesDue(at: now, limit: 10)
      #expect(seenByA == seenByB && seenByA.count == 1, "both see it due")
      let delivery = try #require(seenByA.first)
      let retryAt = now.addingTimeInterval(30)
      let first = try await other.beginAlertAttempt(
        firing: delivery.firing, channel: delivery.channel, number: 1, startedAt: now, retryAt: retryAt)
      #expect(!first, "a first attempt repeats nothing")
      await #expect(throws: AlertDeliveryTaken.self) {
        try await leader.beginAlertAttempt(
          firing: delivery.firing, channel: delivery.channel, number: 1, startedAt: now, retryAt: retryAt)
      }
      #expect(try await leader.alertDeliveriesDue(at: now, limit: 10).isEmpty, "in flight: due again at the retry")
      // Given up by an instance that read it before the other began it: not given up.
      try await leader.abandonAlertDelivery(
        firing: delivery.firing, channel: delivery.channel, attempts: 0, at: now, reason: "given up")
      #expect(try await cluster.psql("SELECT state FROM alert_deliveries") == "pending")
      #expect(
        try await leader.nextAlertDeliveryDue(after: now)
          == Timestamp.date(milliseconds: Timestamp.milliseconds(retryAt)))

      // Its instance died during it: due again at the retry, the attempt interrupted.
      let again = try await leader.alertDeliveriesDue(at: retryAt, limit: 10)
      #expect(again.map(\.interruptedAttempts) == [1])
      let repeats = try await leader.beginAlertAttempt(
        firing: delivery.firing, channel: delivery.channel, number: 2, startedAt: retryAt,
        retryAt: retryAt.addingTimeInterval(60))
      #expect(repeats, "the attempt after an interrupted one may repeat it: the dispatcher counts it")
      try await leader.recordAlertAttempt(
        AlertAttempt(
          firing: delivery.firing, channel: delivery.channel, number: 2, startedAt: retryAt, milliseconds: 12,
          delivered: true, detail: "200", state: .delivered, nextAttempt: nil))
      #expect(try await other.alertActivity()["all"]?.delivered == 1)
      let history = try await other.alertHistory(rule: "all", since: nil, limit: 10)
      #expect(history.first?.state == .delivered)
      #expect(history.first?.attempts.map(\.delivered) == [false, true], "the interrupted attempt, then the delivery")
      #expect(history.first?.key == delivery.key)
      await storeA.close()
      await storeB.close()
    }
  }

  @Test("an attempt's outcome changes nothing another instance moved on since; a released firing is never held")
  func outcomesDoNotUndo() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let leader = try await PostgresLocalStoreTests.leading(store)
      let quake = PostgresLocalStoreTests.quake("us1", milliseconds: 1_000_000)
      let fired = Timestamp.date(milliseconds: 5_000_000)
      try await leader.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [quake]),
        firings: [AlertFiring(rule: "all", trigger: .new, quake: quake, firedAt: fired, channels: ["hook"])])
      let delivery = try #require(try await leader.alertDeliveriesDue(at: fired, limit: 10).first)
      try await leader.beginAlertAttempt(
        firing: delivery.firing, channel: "hook", number: 1, startedAt: fired, retryAt: fired.addingTimeInterval(60))
      try await leader.beginAlertAttempt(
        firing: delivery.firing, channel: "hook", number: 2, startedAt: fired.addingTimeInterval(60),
        retryAt: fired.addingTimeInterval(120))
      try await leader.recordAlertAttempt(
        AlertAttempt(
          firing: delivery.firing, channel: "hook", number: 2, startedAt: fired.addingTimeInterval(60),
          milliseconds: 5, delivered: true, detail: "200", state: .delivered, nextAttempt: nil))
      // Attempt 1 ends late, failed: its record says so, and the delivery stays delivered.
      try await leader.recordAlertAttempt(
        AlertAttempt(
          firing: delivery.firing, channel: "hook", number: 1, startedAt: fired, milliseconds: 90_000,
          delivered: false, detail: "timed out", state: .pending, nextAttempt: fired.addingTimeInterval(90)))
      #expect(try await cluster.psql("SELECT state || ' ' || attempts FROM alert_deliveries") == "delivered 2")
      #expect(
        try await cluster.psql("SELECT outcome FROM alert_attempts ORDER BY number") == "failed\ndelivered")

      try await leader.releaseAlertFiring(delivery.firing, at: fired)
      try await leader.releaseAlertFiring(delivery.firing, at: fired.addingTimeInterval(5))
      try await leader.holdAlertFiring(delivery.firing, until: fired.addingTimeInterval(600))
      #expect(
        try await cluster.psql("SELECT released FROM alert_firings") == "\(Timestamp.milliseconds(fired))",
        "released once, at the first release")
      #expect(try await cluster.psql("SELECT count(*) FROM alert_deliveries WHERE state = 'held'") == "0")
      await store.close()
    }
  }

  @Test("two instances writing the digest of a rule at once write one")
  func oneDigest() async throws {
    try await withPostgresCluster { cluster in
      let (storeA, storeB) = (try await LeaderLeaseTests.store(cluster), try await LeaderLeaseTests.store(cluster))
      let leader = try await PostgresLocalStoreTests.leading(storeA)
      let other = PostgresLocalStore(store: storeB)
      let quakes = (0..<20).map { PostgresLocalStoreTests.quake("q\($0)", milliseconds: Int64($0) * 1_000) }
      let fired = Timestamp.date(milliseconds: 5_000_000)
      try await leader.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: quakes),
        firings: quakes.map { AlertFiring(rule: "busy", trigger: .new, quake: $0, firedAt: fired, channels: ["hook"]) })
      let due = fired.addingTimeInterval(60)
      for delivery in try await leader.alertDeliveriesDue(at: fired, limit: 100) {
        try await leader.holdAlertFiring(delivery.firing, until: due)
      }
      #expect(try await other.alertDigestsDue(at: due) == ["busy"])
      async let listedByA = leader.recordAlertDigest(rule: "busy", channels: ["hook"], at: due)
      async let listedByB = other.recordAlertDigest(rule: "busy", channels: ["hook"], at: due)
      let listed = try await [listedByA, listedByB]
      #expect(listed.sorted() == [0, 20], "one digest lists every held firing; the other finds none")
      #expect(try await cluster.psql("SELECT count(*) FROM alert_firings WHERE event = 'digest'") == "1")
      #expect(try await cluster.psql("SELECT count(*) FROM alert_deliveries WHERE state = 'held'") == "0")
      await storeA.close()
      await storeB.close()
    }
  }
}
