import Foundation
import GRDB
import QuakesData
import QuakesModel

/// How the alert outbox is stored: `alert_firings` (what fired, with the
/// event JSON), `alert_deliveries` (one row per firing and channel, where
/// it stands) and `alert_attempts` (every try). Times are INTEGER epoch
/// milliseconds, as in `quakes`.
///
/// The partial unique indexes make a rule fire ``AlertTrigger/new`` and
/// ``AlertTrigger/deleted`` once per quake, and ``AlertTrigger/upgraded``
/// once per version of it, whatever the diffs say (a purge and a refetch,
/// a quake that leaves a filter and enters it again).
enum AlertTables {
  static let insertFiringSQL = """
    INSERT OR IGNORE INTO alert_firings (rule, event, quake_id, version, fired, payload, urgent)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    """

  static let insertDeliverySQL = """
    INSERT INTO alert_deliveries (firing, channel, state, attempts, next_attempt) VALUES (?, ?, 'pending', 0, ?)
    """

  static let insertAttemptSQL = """
    INSERT OR REPLACE INTO alert_attempts (firing, channel, number, started, milliseconds, outcome, detail)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    """

  static let updateDeliverySQL = """
    UPDATE alert_deliveries SET state = ?, attempts = ?, next_attempt = ?, finished = ?, last_error = ?
    WHERE firing = ? AND channel = ?
    """

  /// Pending deliveries due at a time, oldest firing first, with how many
  /// of their attempts quakesd never saw end.
  static let dueSQL = """
    SELECT d.firing, d.channel, f.rule, f.event, f.quake_id, f.version, f.payload, d.attempts,
      f.released IS NOT NULL OR f.event IN ('test', 'digest'), f.urgent,
      (SELECT count(*) FROM alert_attempts a
        WHERE a.firing = d.firing AND a.channel = d.channel AND a.outcome = '\(interruptedOutcome)')
    FROM alert_deliveries d JOIN alert_firings f ON f.id = d.firing
    WHERE d.state = 'pending' AND d.next_attempt <= ?
    ORDER BY d.next_attempt, d.firing LIMIT ?
    """

  /// The columns of ``dueSQL``, for messages.
  static let dueColumns = [
    "firing", "channel", "rule", "event", "quake_id", "version", "payload", "attempts", "released", "urgent",
    "interrupted",
  ]

  /// The outcome an attempt is recorded with before it starts, until its
  /// real outcome replaces it: left there, quakesd stopped during it.
  static let interruptedOutcome = "interrupted"

  /// The detail of an attempt recorded before it starts.
  static let interruptedDetail =
    "did not end: quakesd stopped during it (a crash, a kill, a power cut), or it is still running"

  /// The columns of the history's query, for messages.
  static let historyColumns = [
    "firing", "channel", "rule", "event", "quake_id", "version", "fired", "state", "next_attempt",
  ]

  /// A reader of `row` of the outbox: a value a script wrote against the
  /// schema is an error naming it, never a crash.
  static func reader(_ row: Row, columns: [String]) -> RowReader {
    RowReader(row: row, table: "the alert outbox", columns: columns)
  }

  /// When the next pending or held delivery falls due after a time.
  static let nextDueSQL = """
    SELECT min(next_attempt) FROM alert_deliveries WHERE state IN ('pending', 'held') AND next_attempt > ?
    """

  /// Whether a rule already fired an event for a quake under another id.
  static let firedUnderAnotherIdSQL = """
    SELECT 1 FROM alert_firings WHERE rule = ? AND event = ? AND quake_id = ? LIMIT 1
    """

  /// Writes `firings` inside the caller's transaction: each firing the
  /// unique indexes let in gets a pending delivery per channel, due at once.
  /// A `new` or `deleted` firing of a quake that the rule already fired so
  /// under one of its other ids (`ids`: USGS changed its id since) is left
  /// out too. Returns how many firings were written.
  static func write(_ firings: [AlertFiring], in db: Database) throws -> Int {
    guard !firings.isEmpty else { return 0 }
    let insertFiring = try db.cachedStatement(sql: self.insertFiringSQL)
    let insertDelivery = try db.cachedStatement(sql: self.insertDeliverySQL)
    let firedUnderAnotherId = try db.cachedStatement(sql: self.firedUnderAnotherIdSQL)
    var written = 0
    for firing in firings {
      if firing.trigger != .upgraded, let ids = firing.quake.catalog.ids?.elements,
        try ids.contains(where: { id in
          try id != firing.quake.id
            && Bool.fetchOne(firedUnderAnotherId, arguments: [firing.rule, firing.trigger.rawValue, id]) == true
        })
      {
        continue
      }
      let fired = Timestamp.milliseconds(firing.firedAt)
      try insertFiring.execute(arguments: [
        firing.rule, firing.trigger.rawValue, firing.quake.id, firing.version, fired, firing.eventJSON,
        firing.isUrgent,
      ])
      guard db.changesCount == 1 else { continue }
      written += 1
      let row = db.lastInsertedRowID
      for channel in firing.channels {
        try insertDelivery.execute(arguments: [row, channel, fired])
      }
    }
    return written
  }
}
