public import Foundation
import GRDB
import QuakesModel

/// The outbox's record of attempts that have started but not ended, so that
/// a quakesd that dies during one (a crash, a kill, a power cut) neither
/// sends every delivery again the moment it restarts nor tries one that
/// keeps killing it for ever.
extension SQLiteLocalStore {
  /// Records, before it starts, that attempt `number` at the delivery of
  /// `firing` to `channel` is under way: the attempt stands as interrupted
  /// and the delivery is due again at `retryAt`, until
  /// ``recordAlertAttempt(_:)`` replaces both with the attempt's outcome.
  @discardableResult
  public func beginAlertAttempt(
    firing: Int64, channel: String, number: Int, startedAt: Date, retryAt: Date
  ) async throws -> Bool {
    try await self.alertWrite { db in
      let interrupted =
        try Bool.fetchOne(
          db,
          sql: "SELECT 1 FROM alert_attempts WHERE firing = ? AND channel = ? AND number = ? AND outcome = ?",
          arguments: [firing, channel, number - 1, AlertTables.interruptedOutcome]) ?? false
      try db.cachedStatement(sql: AlertTables.insertAttemptSQL).execute(arguments: [
        firing, channel, number, Timestamp.milliseconds(startedAt), 0, AlertTables.interruptedOutcome,
        AlertTables.interruptedDetail,
      ])
      try db.execute(
        sql: "UPDATE alert_deliveries SET attempts = ?, next_attempt = ? WHERE firing = ? AND channel = ?",
        arguments: [number, Timestamp.milliseconds(retryAt), firing, channel])
      return interrupted
    }
  }

  /// Takes back ``beginAlertAttempt(firing:channel:number:startedAt:retryAt:)``
  /// for an attempt that quakesd stopped gracefully: the delivery has
  /// `attempts` again and is due at `dueAt`.
  public func withdrawAlertAttempt(
    firing: Int64, channel: String, number: Int, attempts: Int, dueAt: Date
  ) async throws {
    try await self.alertWrite { db in
      try db.execute(
        sql: "DELETE FROM alert_attempts WHERE firing = ? AND channel = ? AND number = ? AND outcome = ?",
        arguments: [firing, channel, number, AlertTables.interruptedOutcome])
      try db.execute(
        sql: "UPDATE alert_deliveries SET attempts = ?, next_attempt = ? WHERE firing = ? AND channel = ?",
        arguments: [attempts, Timestamp.milliseconds(dueAt), firing, channel])
    }
  }

  /// Fails the delivery of `firing` to `channel` for good at `date`,
  /// without another attempt, for `reason` (after its last error, if any),
  /// if it still has the `attempts` it was read with.
  public func abandonAlertDelivery(
    firing: Int64, channel: String, attempts: Int, at date: Date, reason: String
  ) async throws {
    try await self.alertWrite { db in
      try db.execute(
        sql: """
          UPDATE alert_deliveries SET state = 'failed', next_attempt = NULL, finished = ?1,
            last_error = CASE WHEN last_error IS NULL THEN ?2 ELSE last_error || '; ' || ?2 END
          WHERE firing = ?3 AND channel = ?4 AND state = 'pending' AND attempts = ?5
          """, arguments: [Timestamp.milliseconds(date), reason, firing, channel, attempts])
    }
  }
}
