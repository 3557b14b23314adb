public import Foundation
import GRDB
public import QuakesData
public import QuakesModel

/// The alert outbox, for the daemon's delivery loop and for
/// `quakectl alerts`: the firings the listener wrote with each diff, their
/// deliveries and every attempt (``AlertTables``).
extension SQLiteLocalStore {
  /// Pending deliveries whose attempt is due at `date`, at most `limit`,
  /// the longest due first.
  public func alertDeliveriesDue(at date: Date, limit: Int) async throws -> [AlertDelivery] {
    try await self.alerts { db in
      try Row.fetchAll(db, sql: AlertTables.dueSQL, arguments: [Timestamp.milliseconds(date), max(1, limit)]).map {
        row in
        let reader = AlertTables.reader(row, columns: AlertTables.dueColumns)
        let rule = try reader.text(2)
        let event = try reader.text(3)
        let quakeId = try reader.text(4)
        return AlertDelivery(
          firing: try reader.integer(0), channel: try reader.text(1), rule: rule, event: event, quakeId: quakeId,
          key: AlertFiring.idempotencyKey(
            rule: rule, event: event, quakeId: quakeId, version: try reader.integer(5, in: QuakeRanges.milliseconds)),
          payload: try reader.text(6), attempts: try reader.optionalInteger(7, in: 0...1_000_000) ?? 0,
          interruptedAttempts: try reader.optionalInteger(10, in: 0...1_000_000) ?? 0,
          isReleased: try reader.integer(8) != 0, isUrgent: try reader.integer(9) != 0)
      }
    }
  }

  /// When the next pending delivery falls due after `date`; `nil` when none does.
  public func nextAlertDeliveryDue(after date: Date) async throws -> Date? {
    try await self.alerts { db in
      guard let row = try Row.fetchOne(db, sql: AlertTables.nextDueSQL, arguments: [Timestamp.milliseconds(date)])
      else {
        return nil
      }
      return try AlertTables.reader(row, columns: ["next_attempt"]).optionalInteger(0, in: QuakeRanges.milliseconds)
        .map(Timestamp.date(milliseconds:))
    }
  }

  /// Records `attempt` and the state it leaves its delivery in, in one transaction.
  public func recordAlertAttempt(_ attempt: AlertAttempt) async throws {
    try await self.alertWrite { db in
      try db.cachedStatement(sql: AlertTables.insertAttemptSQL).execute(arguments: [
        attempt.firing, attempt.channel, attempt.number, Timestamp.milliseconds(attempt.startedAt),
        attempt.milliseconds, attempt.delivered ? "delivered" : "failed", attempt.detail,
      ])
      let finished = attempt.state == .pending ? nil : Timestamp.milliseconds(attempt.startedAt)
      try db.cachedStatement(sql: AlertTables.updateDeliverySQL).execute(arguments: [
        attempt.state.rawValue, attempt.number, attempt.nextAttempt.map(Timestamp.milliseconds), finished,
        attempt.delivered ? nil : attempt.detail, attempt.firing, attempt.channel,
      ])
    }
  }

  /// Lets `firing` through flood control at `date`: its deliveries go out.
  public func releaseAlertFiring(_ firing: Int64, at date: Date) async throws {
    try await self.alertWrite { db in
      try db.execute(
        sql: "UPDATE alert_firings SET released = ? WHERE id = ?", arguments: [Timestamp.milliseconds(date), firing])
    }
  }

  /// Holds `firing` back until `date`, when a digest lists it: its pending
  /// deliveries become held.
  public func holdAlertFiring(_ firing: Int64, until date: Date) async throws {
    try await self.alertWrite { db in
      try db.execute(
        sql: "UPDATE alert_deliveries SET state = 'held', next_attempt = ? WHERE firing = ? AND state = 'pending'",
        arguments: [Timestamp.milliseconds(date), firing])
    }
  }

  /// How many firings of `rule` flood control let through since `date`, and
  /// when the first of them was.
  public func releasedAlertFirings(rule: String, since date: Date) async throws -> (count: Int, first: Date?) {
    try await self.alerts { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT count(*), min(released) FROM alert_firings WHERE rule = ? AND released >= ?",
          arguments: [rule, Timestamp.milliseconds(date)])
      else { return (0, nil) }
      let reader = AlertTables.reader(row, columns: ["count", "released"])
      return (
        try reader.optionalInteger(0, in: 0...Int.max) ?? 0,
        try reader.optionalInteger(1, in: QuakeRanges.milliseconds).map(Timestamp.date(milliseconds:))
      )
    }
  }

  /// The rules whose held deliveries are due at `date`: a digest is due for each.
  public func alertDigestsDue(at date: Date) async throws -> [String] {
    try await self.alerts { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT DISTINCT f.rule FROM alert_deliveries d JOIN alert_firings f ON f.id = d.firing
          WHERE d.state = 'held' AND d.next_attempt <= ? ORDER BY f.rule
          """, arguments: [Timestamp.milliseconds(date)])
    }
  }

  /// Writes the digest of `rule` at `date`, in one transaction: the held
  /// firings due by then become digested, and one `digest` firing, released,
  /// lists their events (`held`), with a pending delivery per channel.
  /// Returns how many firings it lists (none: nothing written).
  public func recordAlertDigest(rule: String, channels: [String], at date: Date) async throws -> Int {
    try await self.alertWrite { db in
      let now = Timestamp.milliseconds(date)
      let held = try Row.fetchAll(
        db,
        sql: """
          SELECT DISTINCT f.id, f.payload FROM alert_deliveries d JOIN alert_firings f ON f.id = d.firing
          WHERE f.rule = ? AND d.state = 'held' AND d.next_attempt <= ? ORDER BY f.id
          """, arguments: [rule, now])
      let heldEvents = try held.map { row in
        let reader = AlertTables.reader(row, columns: ["id", "payload"])
        return (firing: try reader.integer(0), payload: try reader.text(1))
      }
      guard let firstId = heldEvents.first?.firing, let lastId = heldEvents.last?.firing else { return 0 }
      let payload = AlertFiring.digestJSON(
        rule: rule,
        key: AlertFiring.idempotencyKey(rule: rule, event: "digest", quakeId: "\(firstId)-\(lastId)", version: now),
        firedAt: date, heldEvents: heldEvents.map(\.payload))
      try db.execute(
        sql: """
          INSERT INTO alert_firings (rule, event, quake_id, version, fired, payload, released)
          VALUES (?, 'digest', ?, ?, ?, ?, ?)
          """, arguments: [rule, "\(firstId)-\(lastId)", now, now, payload, now])
      let digest = db.lastInsertedRowID
      for channel in channels {
        try db.execute(
          sql:
            "INSERT INTO alert_deliveries (firing, channel, state, attempts, next_attempt) VALUES (?, ?, 'pending', 0, ?)",
          arguments: [digest, channel, now])
      }
      for event in heldEvents {
        try db.execute(
          sql:
            "UPDATE alert_deliveries SET state = 'digested', finished = ?, last_error = NULL WHERE firing = ? AND state = 'held'",
          arguments: [now, event.firing])
      }
      return heldEvents.count
    }
  }

  /// Records a test firing of `rule` for `quake` (`quakectl alerts test
  /// --send`) with a delivery per channel that the delivery loop leaves
  /// alone (failed, "not attempted", until the caller attempts each once
  /// and records it). Returns its row.
  public func recordAlertTest(rule: String, quake: Quake, payload: String, channels: [String], at date: Date)
    async throws -> Int64
  {
    try await self.alertWrite { db in
      let fired = Timestamp.milliseconds(date)
      let version = Timestamp.milliseconds(quake.updated)
      try db.execute(
        sql:
          "INSERT INTO alert_firings (rule, event, quake_id, version, fired, payload) VALUES (?, 'test', ?, ?, ?, ?)",
        arguments: [rule, quake.id, version, fired, payload])
      let row = db.lastInsertedRowID
      for channel in channels {
        try db.execute(
          sql: """
            INSERT INTO alert_deliveries (firing, channel, state, attempts, last_error)
            VALUES (?, ?, 'failed', 0, 'not attempted')
            """,
          arguments: [row, channel])
      }
      return row
    }
  }

  /// What each rule did, by rule name: firings (tests left out) and the
  /// state of their deliveries.
  public func alertActivity() async throws -> [String: AlertActivity] {
    try await self.alerts { db in
      var activity: [String: AlertActivity] = [:]
      let firings = try Row.fetchCursor(
        db, sql: "SELECT rule, count(*), max(fired) FROM alert_firings WHERE event != 'test' GROUP BY rule")
      while let row = try firings.next() {
        let reader = AlertTables.reader(row, columns: ["rule", "count", "fired"])
        let rule = try reader.text(0)
        activity[rule, default: AlertActivity()].fired = try reader.optionalInteger(1, in: 0...Int.max) ?? 0
        activity[rule, default: AlertActivity()].lastFired = try reader.optionalInteger(2, in: QuakeRanges.milliseconds)
          .map { Timestamp.iso8601(Timestamp.date(milliseconds: $0)) }
      }
      let deliveries = try Row.fetchCursor(
        db,
        sql: """
          SELECT f.rule, d.state, count(*) FROM alert_deliveries d JOIN alert_firings f ON f.id = d.firing
          WHERE f.event != 'test' GROUP BY f.rule, d.state
          """)
      while let row = try deliveries.next() {
        let reader = AlertTables.reader(row, columns: ["rule", "state", "count"])
        let rule = try reader.text(0)
        let count = try reader.optionalInteger(2, in: 0...Int.max) ?? 0
        activity[rule, default: AlertActivity()].count(count, in: AlertDeliveryState(rawValue: try reader.text(1)))
      }
      return activity
    }
  }

  /// The deliveries of firings since `since` (of `rule` only, when given),
  /// newest first, at most `limit`, each with its attempts. A firing with no
  /// delivery (its rule has no channel) is an entry of its own, without a
  /// channel or a state: the rule only records it, and this is where it shows.
  public func alertHistory(rule: String?, since: Date?, limit: Int) async throws -> [AlertHistoryEntry] {
    try await self.alerts { db in
      var conditions: [String] = []
      var arguments: StatementArguments = []
      if let rule {
        conditions.append("f.rule = ?")
        arguments += [rule]
      }
      if let since {
        conditions.append("f.fired >= ?")
        arguments += [Timestamp.milliseconds(since)]
      }
      arguments += [max(1, limit)]
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT f.id, d.channel, f.rule, f.event, f.quake_id, f.version, f.fired, d.state, d.next_attempt
          FROM alert_firings f LEFT JOIN alert_deliveries d ON d.firing = f.id
          \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
          ORDER BY f.fired DESC, f.id DESC, d.channel LIMIT ?
          """, arguments: arguments)
      let attempts = try db.cachedStatement(
        sql: """
          SELECT started, milliseconds, outcome, detail FROM alert_attempts
          WHERE firing = ? AND channel = ? ORDER BY number
          """)
      return try rows.map { row in
        let reader = AlertTables.reader(row, columns: AlertTables.historyColumns)
        let firing = try reader.integer(0)
        let channel = try reader.optionalText(1)
        let rule = try reader.text(2)
        let event = try reader.text(3)
        let quakeId = try reader.text(4)
        let rows = try channel.map { try Row.fetchAll(attempts, arguments: [firing, $0]) } ?? []
        let tries = try rows.map { attempt in
          let attempt = AlertTables.reader(attempt, columns: ["started", "milliseconds", "outcome", "detail"])
          return AlertHistoryEntry.Attempt(
            startedAt: Timestamp.iso8601(
              Timestamp.date(milliseconds: try attempt.integer(0, in: QuakeRanges.milliseconds))),
            milliseconds: try attempt.optionalInteger(1, in: 0...Int.max) ?? 0,
            delivered: try attempt.text(2) == "delivered", detail: try attempt.optionalText(3))
        }
        return AlertHistoryEntry(
          rule: rule, event: event, quakeId: quakeId,
          key: AlertFiring.idempotencyKey(
            rule: rule, event: event, quakeId: quakeId, version: try reader.integer(5, in: QuakeRanges.milliseconds)),
          firedAt: Timestamp.iso8601(Timestamp.date(milliseconds: try reader.integer(6, in: QuakeRanges.milliseconds))),
          channel: channel,
          state: try reader.optionalText(7).map { AlertDeliveryState(rawValue: $0) ?? .failed },
          nextAttempt: try reader.optionalInteger(8, in: QuakeRanges.milliseconds)
            .map { Timestamp.iso8601(Timestamp.date(milliseconds: $0)) },
          attempts: tries)
      }
    }
  }

  /// Forgets firings from before `date` whose deliveries are all finished
  /// (delivered or failed), with their attempts. Returns how many.
  public func pruneAlertHistory(firedBefore date: Date) async throws -> Int {
    try await self.alertWrite { db in
      try db.execute(
        sql: """
          DELETE FROM alert_firings WHERE fired < ?
          AND NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.firing = alert_firings.id AND d.state = 'pending')
          """, arguments: [Timestamp.milliseconds(date)])
      return db.changesCount
    }
  }

  func alerts<T: Sendable>(_ read: @escaping @Sendable (Database) throws -> T) async throws -> T {
    do {
      return try await self.writer.read(read)
    } catch {
      throw self.translatingAlerts(error)
    }
  }

  func alertWrite<T: Sendable>(_ write: @escaping @Sendable (Database) throws -> T) async throws -> T {
    do {
      return try await self.writer.write(write)
    } catch {
      throw self.translatingAlerts(error)
    }
  }

  private func translatingAlerts(_ error: any Error) -> any Error {
    SQLiteLocalStoreError.translating(
      error, path: self.path ?? Self.inMemoryPath, operation: .alerts, busyTimeout: SQLiteLocalStore.defaultBusyTimeout)
  }
}
