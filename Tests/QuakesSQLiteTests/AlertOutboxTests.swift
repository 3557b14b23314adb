import Foundation
import GRDB
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// The alert outbox: firings go in with their diff, once per quake and
/// rule, and each delivery's attempts move it from pending to delivered or
/// failed, all of which the history and the activity show.
@Suite struct AlertOutboxTests {
  private let firedAt = Timestamp.date(milliseconds: 1_700_000_000_000)

  private func firing(_ trigger: AlertTrigger, _ quake: Quake, rule: String = "big") -> AlertFiring {
    AlertFiring(
      rule: rule, trigger: trigger, quake: quake, firedAt: self.firedAt, channels: ["exec:/a", "webhook:http://h/"])
  }

  @Test("a firing is written with its diff, one pending delivery per channel, due at once")
  func firingsAreWrittenWithTheDiff() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let quake = Quake.sample("a")
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [quake]), firings: [self.firing(.new, quake)])

    let due = try await store.alertDeliveriesDue(at: self.firedAt, limit: 10)
    #expect(due.map(\.channel) == ["exec:/a", "webhook:http://h/"])
    #expect(due.allSatisfy { $0.key == "big/new/a/\(Timestamp.milliseconds(quake.updated))" && $0.attempts == 0 })
    #expect(due.first?.payload == self.firing(.new, quake).eventJSON)
    #expect(try await store.alertDeliveriesDue(at: self.firedAt.addingTimeInterval(-1), limit: 10).isEmpty)
  }

  @Test("new and deleted fire once per rule and quake, upgraded once per version; other rules apart")
  func firingsAreOncePerQuake() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let quake = Quake.sample("a")
    let later = quake.with(place: "elsewhere")
    let firings = [
      self.firing(.new, quake), self.firing(.new, later), self.firing(.new, quake, rule: "other"),
      self.firing(.upgraded, quake), self.firing(.upgraded, quake), self.firing(.upgraded, later),
      self.firing(.deleted, quake), self.firing(.deleted, later),
    ]
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [quake]), firings: firings)

    let activity = try await store.alertActivity()
    #expect(activity["big"]?.fired == 4, "new once, upgraded twice (two versions), deleted once")
    #expect(activity["big"]?.pending == 8 && activity["other"]?.fired == 1)
  }

  @Test("a quake under a new id that the rule announced under its old one is not announced again")
  func idChangeDoesNotRepeat() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let old = Quake.sample("ak1")
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [old]), firings: [self.firing(.new, old)])
    let renamed = Quake(
      id: "us1", magnitude: old.magnitude, time: old.time, updated: old.updated, place: old.place,
      longitude: old.longitude, latitude: old.latitude,
      catalog: QuakeCatalogEntry(ids: CommaWrappedList(["ak1", "us1"])))
    let other = Quake(
      id: "us2", magnitude: old.magnitude, time: old.time, updated: old.updated, place: old.place,
      longitude: old.longitude, latitude: old.latitude, catalog: QuakeCatalogEntry(ids: CommaWrappedList(["us2"])))
    // Say a purge and a refetch brought the quake back under its new id alone.
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [renamed, other]),
      firings: [self.firing(.new, renamed), self.firing(.new, other)])
    let history = try await store.alertHistory(rule: "big", since: nil, limit: 10)
    #expect(Set(history.map(\.quakeId)) == ["ak1", "us2"])
  }

  @Test("attempts: a retry stays pending until its time, a success is delivered, the last failure is failed")
  func attemptsMoveDeliveries() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let quake = Quake.sample("a")
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [quake]), firings: [self.firing(.new, quake)])
    let due = try await store.alertDeliveriesDue(at: self.firedAt, limit: 10)
    let (exec, hook) = (try #require(due.first), try #require(due.last))
    let retryAt = self.firedAt.addingTimeInterval(30)

    try await store.recordAlertAttempt(
      AlertAttempt(
        firing: hook.firing, channel: hook.channel, number: 1, startedAt: self.firedAt, milliseconds: 12,
        delivered: false, detail: "HTTP 500", state: .pending, nextAttempt: retryAt))
    try await store.recordAlertAttempt(
      AlertAttempt(
        firing: exec.firing, channel: exec.channel, number: 1, startedAt: self.firedAt, milliseconds: 3,
        delivered: false, detail: "exit status 1", state: .failed, nextAttempt: nil))
    #expect(try await store.alertDeliveriesDue(at: self.firedAt, limit: 10).isEmpty)
    #expect(try await store.nextAlertDeliveryDue(after: self.firedAt) == retryAt)
    #expect(try await store.alertDeliveriesDue(at: retryAt, limit: 10).map(\.attempts) == [1])

    try await store.recordAlertAttempt(
      AlertAttempt(
        firing: hook.firing, channel: hook.channel, number: 2, startedAt: retryAt, milliseconds: 8, delivered: true,
        detail: "HTTP 200", state: .delivered, nextAttempt: nil))
    #expect(try await store.nextAlertDeliveryDue(after: self.firedAt) == nil)
    let activity = try #require(try await store.alertActivity()["big"])
    #expect(activity == AlertActivity(fired: 1, lastFired: Timestamp.iso8601(self.firedAt), delivered: 1, failed: 1))

    let history = try await store.alertHistory(rule: "big", since: nil, limit: 10)
    let webhook = try #require(history.first { $0.channel == hook.channel })
    #expect(webhook.state == .delivered && webhook.attempts.map(\.detail) == ["HTTP 500", "HTTP 200"])
    #expect(webhook.attempts.map(\.delivered) == [false, true])
    #expect(history.first { $0.channel == exec.channel }?.state == .failed)
    #expect(try await store.alertHistory(rule: "other", since: nil, limit: 10).isEmpty)
    #expect(try await store.alertHistory(rule: nil, since: self.firedAt.addingTimeInterval(1), limit: 10).isEmpty)
  }

  @Test(
    "an attempt recorded as it starts: due again only at its retry time, counted as interrupted until its outcome replaces it"
  )
  func attemptsRecordedAsTheyStart() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    let quake = Quake.sample("a")
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [quake]), firings: [self.firing(.new, quake)])
    let hook = try #require(try await store.alertDeliveriesDue(at: self.firedAt, limit: 10).last)
    let retryAt = self.firedAt.addingTimeInterval(30)
    try await store.beginAlertAttempt(
      firing: hook.firing, channel: hook.channel, number: 1, startedAt: self.firedAt, retryAt: retryAt)
    #expect(try await store.alertDeliveriesDue(at: self.firedAt, limit: 10).map(\.channel) == ["exec:/a"])
    let again = try #require(try await store.alertDeliveriesDue(at: retryAt, limit: 10).last)
    #expect(again.attempts == 1 && again.interruptedAttempts == 1, "quakesd stopped during it: due at its retry time")

    // The attempt ends: its outcome replaces the record.
    try await store.recordAlertAttempt(
      AlertAttempt(
        firing: hook.firing, channel: hook.channel, number: 1, startedAt: self.firedAt, milliseconds: 5,
        delivered: false, detail: "HTTP 500", state: .pending, nextAttempt: retryAt))
    #expect(try await store.alertDeliveriesDue(at: retryAt, limit: 10).last?.interruptedAttempts == 0)

    // A graceful stop takes attempt 2 back whole. It follows an attempt
    // that ended, so it repeats nothing.
    let repeats = try await store.beginAlertAttempt(
      firing: hook.firing, channel: hook.channel, number: 2, startedAt: retryAt, retryAt: retryAt + 60)
    #expect(!repeats)
    try await store.withdrawAlertAttempt(
      firing: hook.firing, channel: hook.channel, number: 2, attempts: 1, dueAt: retryAt)
    let withdrawn = try #require(try await store.alertDeliveriesDue(at: retryAt, limit: 10).last)
    #expect(withdrawn.attempts == 1 && withdrawn.interruptedAttempts == 0)
    #expect(
      try await store.alertHistory(rule: "big", since: nil, limit: 10).first { $0.channel == hook.channel }?
        .attempts.map(\.detail) == ["HTTP 500"])

    // Given up: the last error stays, the reason follows it.
    try await store.abandonAlertDelivery(
      firing: hook.firing, channel: hook.channel, attempts: 1, at: retryAt, reason: "given up")
    #expect(try await store.alertDeliveriesDue(at: retryAt, limit: 10).map(\.channel) == ["exec:/a"])
    let connection = try DatabaseFile.connection(directory.file(), readonly: true)
    let lastError = try await connection.read { db in
      try String.fetchOne(db, sql: "SELECT last_error FROM alert_deliveries WHERE channel = 'webhook:http://h/'")
    }
    #expect(lastError == "HTTP 500; given up")
  }

  @Test("a firing of a rule with no channel is history too: one entry, no channel, no state, no attempts")
  func firingWithoutChannelIsHistory() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let (a, b) = (Quake.sample("a"), Quake.sample("b"))
    let silent = { (quake: Quake, firedAt: Date) in
      AlertFiring(rule: "silent", trigger: .new, quake: quake, firedAt: firedAt, channels: [])
    }
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [a, b]),
      firings: [silent(a, self.firedAt), self.firing(.new, b), silent(b, self.firedAt.addingTimeInterval(1))])
    #expect(try await store.alertDeliveriesDue(at: self.firedAt.addingTimeInterval(60), limit: 10).count == 2)

    let history = try await store.alertHistory(rule: nil, since: nil, limit: 10)
    #expect(history.map(\.quakeId) == ["b", "b", "b", "a"], "newest first: silent's b, big's two channels, silent's a")
    #expect(history.map(\.channel) == [nil, "exec:/a", "webhook:http://h/", nil])
    #expect(history.map(\.state) == [nil, .pending, .pending, nil])
    let recorded = history.filter { $0.rule == "silent" }
    #expect(recorded.count == 2 && recorded.allSatisfy { $0.attempts.isEmpty && $0.nextAttempt == nil })
    #expect(recorded.last?.key == "silent/new/a/\(Timestamp.milliseconds(a.updated))")
    #expect(try await store.alertHistory(rule: "silent", since: nil, limit: 1).map(\.quakeId) == ["b"])
    #expect(try await store.alertActivity()["silent"]?.fired == 2, "status counts what the history shows")
  }

  @Test("a test firing is history but not activity, and the delivery loop never picks it up")
  func testFirings() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let quake = Quake.sample("a")
    let row = try await store.recordAlertTest(
      rule: "big", quake: quake, payload: "{}", channels: ["exec:/a"], at: self.firedAt)
    #expect(try await store.alertDeliveriesDue(at: self.firedAt.addingTimeInterval(3600), limit: 10).isEmpty)
    try await store.recordAlertAttempt(
      AlertAttempt(
        firing: row, channel: "exec:/a", number: 1, startedAt: self.firedAt, milliseconds: 1, delivered: true,
        detail: "exit status 0", state: .delivered, nextAttempt: nil))
    #expect(try await store.alertActivity().isEmpty)
    #expect(try await store.alertHistory(rule: nil, since: nil, limit: 10).map(\.event) == ["test"])
  }

  @Test("pruning forgets finished firings before the date, keeps pending ones")
  func pruning() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let (a, b) = (Quake.sample("a"), Quake.sample("b"))
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [a, b]),
      firings: [self.firing(.new, a), self.firing(.new, b)])
    for delivery in try await store.alertDeliveriesDue(at: self.firedAt, limit: 10) where delivery.quakeId == "a" {
      try await store.recordAlertAttempt(
        AlertAttempt(
          firing: delivery.firing, channel: delivery.channel, number: 1, startedAt: self.firedAt, milliseconds: 1,
          delivered: true, detail: nil, state: .delivered, nextAttempt: nil))
    }
    #expect(try await store.pruneAlertHistory(firedBefore: self.firedAt.addingTimeInterval(1)) == 1)
    #expect(try await store.alertHistory(rule: nil, since: nil, limit: 10).map(\.quakeId) == ["b", "b"])
  }

  @Test(
    "a value a script wrote against the outbox's schema is an error naming it, not a crash",
    arguments: [
      "UPDATE alert_deliveries SET attempts = 'many'", "UPDATE alert_firings SET version = 'v2'",
      "UPDATE alert_deliveries SET next_attempt = 9e300", "UPDATE alert_firings SET fired = x'00'",
    ])
  func tamperedOutbox(statement: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    let quake = Quake.sample("a")
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [quake]), firings: [self.firing(.new, quake)])
    try DatabaseFile.execute(path, statement)
    await #expect(throws: SQLiteLocalStoreError.self) {
      _ = try await store.alertDeliveriesDue(at: .distantFuture, limit: 10)
      _ = try await store.alertHistory(rule: nil, since: nil, limit: 10)
      _ = try await store.alertActivity()
    }
    try store.close()
  }
}
