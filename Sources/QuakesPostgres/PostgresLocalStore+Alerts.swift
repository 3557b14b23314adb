public import Foundation
import PostgresNIO
public import QuakesData
public import QuakesModel

/// The alert outbox shared by every quakesd of the store (docs/ha.md,
/// "Alerts once"): the leader creates firings in the transaction of the diff
/// that caused them (``AlertTables``); any instance delivers them.
///
/// No transaction is held across a delivery. An instance claims an attempt
/// by beginning it (``beginAlertAttempt(firing:channel:number:startedAt:retryAt:)``):
/// one statement moves the delivery's attempt count from the one it read
/// and its due time to the retry's, so that another instance that read the
/// same delivery finds it taken, and one that dies during the attempt
/// leaves it due again at the retry's time, the attempt recorded as
/// interrupted: a repeat only of a delivery in flight when its instance died.
extension PostgresLocalStore: AlertOutbox {
  /// Every quakesd of the store delivers from it.
  public var isShared: Bool { true }

  public func alertDeliveriesDue(at date: Date, limit: Int) async throws -> [AlertDelivery] {
    let now = Timestamp.milliseconds(date)
    let rows = try await self.outbox { connection in
      try await connection.query(
        """
        SELECT d.firing, d.channel, f.rule, f.event, f.quake_id, f.version, f.payload, d.attempts,
          CASE WHEN f.released IS NOT NULL OR f.event IN ('test', 'digest') THEN 1 ELSE 0 END, f.urgent,
          (SELECT count(*) FROM alert_attempts a
            WHERE a.firing = d.firing AND a.channel = d.channel AND a.outcome = 'interrupted')
        FROM alert_deliveries d JOIN alert_firings f ON f.id = d.firing
        WHERE d.state = 'pending' AND d.next_attempt <= \(now)
        ORDER BY d.next_attempt, d.firing LIMIT \(Int64(max(1, limit)))
        """)
    }
    return try rows.map { row in
      let reader = PostgresRowReader(row, table: "the alert outbox", columns: Self.dueColumns)
      let (rule, event, quakeId) = (try reader.text(2), try reader.text(3), try reader.text(4))
      return AlertDelivery(
        firing: try reader.integer(0, in: 0...Int64.max), channel: try reader.text(1), rule: rule, event: event,
        quakeId: quakeId,
        key: AlertFiring.idempotencyKey(
          rule: rule, event: event, quakeId: quakeId, version: try reader.integer(5, in: QuakeRanges.milliseconds)),
        payload: try reader.text(6), attempts: Int(try reader.integer(7, in: 0...1_000_000)),
        interruptedAttempts: Int(try reader.integer(10, in: 0...1_000_000)),
        isReleased: try reader.integer(8, in: 0...1) == 1, isUrgent: try reader.integer(9, in: 0...1) == 1)
    }
  }

  private static let dueColumns = [
    "firing", "channel", "rule", "event", "quake_id", "version", "payload", "attempts", "released", "urgent",
    "interrupted",
  ]

  public func nextAlertDeliveryDue(after date: Date) async throws -> Date? {
    let rows = try await self.outbox { connection in
      try await connection.query(
        """
        SELECT min(next_attempt) FROM alert_deliveries
        WHERE state IN ('pending', 'held') AND next_attempt > \(Timestamp.milliseconds(date))
        """)
    }
    guard let row = rows.first else { return nil }
    return try PostgresRowReader(row, table: "the alert outbox", columns: ["next_attempt"])
      .optionalInteger(0, in: QuakeRanges.milliseconds).map(Timestamp.date(milliseconds:))
  }

  /// Claims the attempt: only if the delivery is still pending with the
  /// attempts it had when it was read (`number - 1`), and due.
  ///
  /// - Throws: ``AlertDeliveryTaken`` when another instance began it first.
  @discardableResult
  public func beginAlertAttempt(
    firing: Int64, channel: String, number: Int, startedAt: Date, retryAt: Date
  ) async throws -> Bool {
    let (started, retry) = (Timestamp.milliseconds(startedAt), Timestamp.milliseconds(retryAt))
    let claimed: Bool? = try await self.outbox { connection in
      let moved = try await connection.query(
        """
        UPDATE alert_deliveries SET attempts = \(Int64(number)), next_attempt = \(retry)
        WHERE firing = \(firing) AND channel = \(channel) AND state = 'pending' AND attempts = \(Int64(number - 1))
        RETURNING firing
        """)
      guard !moved.isEmpty else { return nil }
      let interrupted = try await connection.query(
        """
        SELECT 1 FROM alert_attempts WHERE firing = \(firing) AND channel = \(channel)
          AND number = \(Int64(number - 1)) AND outcome = 'interrupted'
        """)
      try await connection.query(
        """
        INSERT INTO alert_attempts (firing, channel, number, started, milliseconds, outcome, detail)
        VALUES (\(firing), \(channel), \(Int64(number)), \(started), 0, 'interrupted', \(Self.interruptedDetail))
        ON CONFLICT (firing, channel, number) DO UPDATE SET started = excluded.started,
          milliseconds = 0, outcome = excluded.outcome, detail = excluded.detail
        """)
      return !interrupted.isEmpty
    }
    guard let claimed else { throw AlertDeliveryTaken(firing: firing, channel: channel) }
    return claimed
  }

  private static let interruptedDetail =
    "did not end: its quakesd stopped during it (a crash, a kill, a power cut), or it is still running"

  public func withdrawAlertAttempt(
    firing: Int64, channel: String, number: Int, attempts: Int, dueAt: Date
  ) async throws {
    try await self.outbox { connection in
      try await connection.query(
        """
        DELETE FROM alert_attempts
        WHERE firing = \(firing) AND channel = \(channel) AND number = \(Int64(number)) AND outcome = 'interrupted'
        """)
      try await connection.query(
        """
        UPDATE alert_deliveries SET attempts = \(Int64(attempts)), next_attempt = \(Timestamp.milliseconds(dueAt))
        WHERE firing = \(firing) AND channel = \(channel) AND attempts = \(Int64(number)) AND state = 'pending'
        """)
    }
  }

  public func abandonAlertDelivery(
    firing: Int64, channel: String, attempts: Int, at date: Date, reason: String
  ) async throws {
    try await self.outbox { connection in
      try await connection.query(
        """
        UPDATE alert_deliveries SET state = 'failed', next_attempt = NULL, finished = \(Timestamp.milliseconds(date)),
          last_error = CASE WHEN last_error IS NULL THEN \(reason) ELSE last_error || '; ' || \(reason) END
        WHERE firing = \(firing) AND channel = \(channel) AND state = 'pending' AND attempts = \(Int64(attempts))
        """)
    }
  }

  public func recordAlertAttempt(_ attempt: AlertAttempt) async throws {
    let finished = attempt.state == .pending ? nil : Timestamp.milliseconds(attempt.startedAt)
    try await self.outbox { connection in
      try await connection.query(
        """
        INSERT INTO alert_attempts (firing, channel, number, started, milliseconds, outcome, detail)
        VALUES (\(attempt.firing), \(attempt.channel), \(Int64(attempt.number)),
          \(Timestamp.milliseconds(attempt.startedAt)), \(Int64(attempt.milliseconds)),
          \(attempt.delivered ? "delivered" : "failed"), \(attempt.detail.map(QuakesTable.storable)))
        ON CONFLICT (firing, channel, number) DO UPDATE SET started = excluded.started,
          milliseconds = excluded.milliseconds, outcome = excluded.outcome, detail = excluded.detail
        WHERE alert_attempts.outcome = 'interrupted'
        """)
      // The delivery as this attempt leaves it, unless another instance
      // has moved it on since (a later attempt, a hold, a digest); a test
      // firing's delivery waits, failed and not attempted, for its one attempt.
      try await connection.query(
        """
        UPDATE alert_deliveries SET state = \(attempt.state.rawValue), attempts = \(Int64(attempt.number)),
          next_attempt = \(attempt.nextAttempt.map(Timestamp.milliseconds)), finished = \(finished),
          last_error = \(attempt.delivered ? nil : attempt.detail.map(QuakesTable.storable))
        WHERE firing = \(attempt.firing) AND channel = \(attempt.channel)
          AND ((state = 'pending' AND attempts = \(Int64(attempt.number)))
            OR (state = 'failed' AND attempts = 0 AND last_error = 'not attempted'))
        """)
    }
  }

  public func releaseAlertFiring(_ firing: Int64, at date: Date) async throws {
    try await self.outbox { connection in
      try await connection.query(
        "UPDATE alert_firings SET released = \(Timestamp.milliseconds(date)) WHERE id = \(firing) AND released IS NULL")
    }
  }

  public func holdAlertFiring(_ firing: Int64, until date: Date) async throws {
    try await self.outbox { connection in
      try await connection.query(
        """
        UPDATE alert_deliveries SET state = 'held', next_attempt = \(Timestamp.milliseconds(date))
        WHERE firing = \(firing) AND state = 'pending' AND attempts = 0
          AND NOT EXISTS (SELECT 1 FROM alert_firings WHERE id = \(firing) AND released IS NOT NULL)
        """)
    }
  }

  public func releasedAlertFirings(rule: String, since date: Date) async throws -> (count: Int, first: Date?) {
    let rows = try await self.outbox { connection in
      try await connection.query(
        """
        SELECT count(*), min(released) FROM alert_firings
        WHERE rule = \(rule) AND released >= \(Timestamp.milliseconds(date))
        """)
    }
    guard let row = rows.first else { return (0, nil) }
    let reader = PostgresRowReader(row, table: "the alert outbox", columns: ["count", "released"])
    return (
      Int(try reader.integer(0, in: 0...Int64.max)),
      try reader.optionalInteger(1, in: QuakeRanges.milliseconds).map(Timestamp.date(milliseconds:))
    )
  }

  public func alertDigestsDue(at date: Date) async throws -> [String] {
    let rows = try await self.outbox { connection in
      try await connection.query(
        """
        SELECT DISTINCT f.rule FROM alert_deliveries d JOIN alert_firings f ON f.id = d.firing
        WHERE d.state = 'held' AND d.next_attempt <= \(Timestamp.milliseconds(date)) ORDER BY f.rule
        """)
    }
    return try rows.map { try $0.decode(String.self) }
  }

  /// The digest of `rule` at `date`: the held firings due by then. The
  /// digests of one rule are written one at a time (a transaction-scoped
  /// advisory lock on the rule), so an instance writing the same digest at
  /// once finds nothing held left and writes none.
  public func recordAlertDigest(rule: String, channels: [String], at date: Date) async throws -> Int {
    let now = Timestamp.milliseconds(date)
    return try await self.outbox { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\("quakesd digest " + rule)))")
      let held = try await connection.query(
        """
        SELECT d.firing, f.payload FROM alert_deliveries d JOIN alert_firings f ON f.id = d.firing
        WHERE f.rule = \(rule) AND d.state = 'held' AND d.next_attempt <= \(now) ORDER BY d.firing
        """)
      var events: [(firing: Int64, payload: String)] = []
      for row in held {
        let reader = PostgresRowReader(row, table: "the alert outbox", columns: ["firing", "payload"])
        let firing = try reader.integer(0, in: 0...Int64.max)
        if events.last?.firing != firing { events.append((firing, try reader.text(1))) }
      }
      guard let first = events.first?.firing, let last = events.last?.firing else { return 0 }
      let quakeId = "\(first)-\(last)"
      let payload = AlertFiring.digestJSON(
        rule: rule, key: AlertFiring.idempotencyKey(rule: rule, event: "digest", quakeId: quakeId, version: now),
        firedAt: date, heldEvents: events.map(\.payload))
      let inserted = try await connection.query(
        """
        INSERT INTO alert_firings (rule, event, quake_id, version, fired, payload, released)
        VALUES (\(rule), 'digest', \(quakeId), \(now), \(now), \(payload), \(now)) RETURNING id
        """)
      guard let digest = try inserted.first?.decode(Int64.self) else { return 0 }
      for channel in channels {
        try await connection.query(
          """
          INSERT INTO alert_deliveries (firing, channel, state, attempts, next_attempt)
          VALUES (\(digest), \(channel), 'pending', 0, \(now))
          """)
      }
      try await connection.query(
        """
        UPDATE alert_deliveries SET state = 'digested', finished = \(now), last_error = NULL
        WHERE firing = ANY(\(events.map(\.firing))) AND state = 'held'
        """)
      return events.count
    }
  }

  public func recordAlertTest(rule: String, quake: Quake, payload: String, channels: [String], at date: Date)
    async throws -> Int64
  {
    let (fired, version) = (Timestamp.milliseconds(date), Timestamp.milliseconds(quake.updated))
    return try await self.outbox { connection in
      let inserted = try await connection.query(
        """
        INSERT INTO alert_firings (rule, event, quake_id, version, fired, payload)
        VALUES (\(rule), 'test', \(QuakesTable.storable(quake.id)), \(version), \(fired), \(payload)) RETURNING id
        """)
      guard let firing = try inserted.first?.decode(Int64.self) else {
        throw PostgresStoreError("the store wrote the test firing without an id")
      }
      for channel in channels {
        try await connection.query(
          """
          INSERT INTO alert_deliveries (firing, channel, state, attempts, last_error)
          VALUES (\(firing), \(channel), 'failed', 0, 'not attempted')
          """)
      }
      return firing
    }
  }

  public func alertActivity() async throws -> [String: AlertActivity] {
    let (firings, deliveries) = try await self.store.read { connection in
      (
        try await connection.query(
          "SELECT rule, count(*), max(fired) FROM alert_firings WHERE event != 'test' GROUP BY rule"),
        try await connection.query(
          """
          SELECT f.rule, d.state, count(*) FROM alert_deliveries d JOIN alert_firings f ON f.id = d.firing
          WHERE f.event != 'test' GROUP BY f.rule, d.state
          """)
      )
    }
    var activity: [String: AlertActivity] = [:]
    for row in firings {
      let reader = PostgresRowReader(row, table: "the alert outbox", columns: ["rule", "count", "fired"])
      let rule = try reader.text(0)
      activity[rule, default: AlertActivity()].fired = Int(try reader.integer(1, in: 0...Int64.max))
      activity[rule, default: AlertActivity()].lastFired = try reader.optionalInteger(2, in: QuakeRanges.milliseconds)
        .map { Timestamp.iso8601(Timestamp.date(milliseconds: $0)) }
    }
    for row in deliveries {
      let reader = PostgresRowReader(row, table: "the alert outbox", columns: ["rule", "state", "count"])
      let rule = try reader.text(0)
      let count = Int(try reader.integer(2, in: 0...Int64.max))
      activity[rule, default: AlertActivity()].count(count, in: AlertDeliveryState(rawValue: try reader.text(1)))
    }
    return activity
  }

  public func alertHistory(rule: String?, since: Date?, limit: Int) async throws -> [AlertHistoryEntry] {
    let rows = try await self.store.read { connection in
      try await connection.query(
        """
        SELECT f.id, d.channel, f.rule, f.event, f.quake_id, f.version, f.fired, d.state, d.next_attempt,
          (SELECT json_agg(json_build_array(a.started, a.milliseconds, a.outcome, a.detail) ORDER BY a.number)::text
            FROM alert_attempts a WHERE a.firing = f.id AND a.channel = d.channel)
        FROM alert_firings f LEFT JOIN alert_deliveries d ON d.firing = f.id
        WHERE (\(rule)::text IS NULL OR f.rule = \(rule)) AND (\(since.map(Timestamp.milliseconds))::bigint IS NULL
          OR f.fired >= \(since.map(Timestamp.milliseconds)))
        ORDER BY f.fired DESC, f.id DESC, d.channel LIMIT \(Int64(max(1, limit)))
        """)
    }
    return try rows.map { row in
      let reader = PostgresRowReader(
        row, table: "the alert outbox",
        columns: [
          "firing", "channel", "rule", "event", "quake_id", "version", "fired", "state", "next_attempt", "attempts",
        ])
      let (rule, event, quakeId) = (try reader.text(2), try reader.text(3), try reader.text(4))
      let time = { (index: Int) throws -> String? in
        try reader.optionalInteger(index, in: QuakeRanges.milliseconds)
          .map { Timestamp.iso8601(Timestamp.date(milliseconds: $0)) }
      }
      return AlertHistoryEntry(
        rule: rule, event: event, quakeId: quakeId,
        key: AlertFiring.idempotencyKey(
          rule: rule, event: event, quakeId: quakeId, version: try reader.integer(5, in: QuakeRanges.milliseconds)),
        firedAt: try time(6) ?? "", channel: try reader.optionalText(1),
        state: try reader.optionalText(7).map { AlertDeliveryState(rawValue: $0) ?? .failed },
        nextAttempt: try time(8), attempts: try Self.attempts(try reader.optionalText(9)))
    }
  }

  /// The attempts of one delivery, as `alertHistory` aggregates them:
  /// `[[started, milliseconds, outcome, detail], …]` in JSON.
  private static func attempts(_ json: String?) throws -> [AlertHistoryEntry.Attempt] {
    guard let json else { return [] }
    guard let list = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]] else {
      throw PostgresStoreError("the alert outbox holds attempts quakesd cannot read")
    }
    return list.compactMap { fields in
      guard fields.count == 4, let started = (fields[0] as? NSNumber)?.int64Value,
        QuakeRanges.milliseconds.contains(started)
      else { return nil }
      return AlertHistoryEntry.Attempt(
        startedAt: Timestamp.iso8601(Timestamp.date(milliseconds: started)),
        milliseconds: max(0, (fields[1] as? NSNumber)?.intValue ?? 0),
        delivered: fields[2] as? String == "delivered", detail: fields[3] as? String)
    }
  }

  public func pruneAlertHistory(firedBefore date: Date) async throws -> Int {
    let deleted = try await self.outbox { connection in
      try await connection.query(
        """
        DELETE FROM alert_firings WHERE fired < \(Timestamp.milliseconds(date))
        AND NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.firing = alert_firings.id AND d.state = 'pending')
        RETURNING id
        """)
    }
    return deleted.count
  }

  /// Runs `body` in a transaction of the outbox's own: not fenced, since
  /// any instance delivers.
  @discardableResult
  private func outbox<Result: Sendable>(_ body: (StoreConnection) async throws -> Result) async throws -> Result {
    do {
      return try await self.store.transaction(body)
    } catch {
      throw PostgresStore.translating(error, at: self.store.location)
    }
  }
}
