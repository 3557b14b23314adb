public import Foundation
public import QuakesModel

/// The outbox of a local store that has none yet (the PostgreSQL store,
/// until the outbox shared across instances is built: docs/ha.md): nothing
/// is ever due, nothing fired, and what would write to it says why it cannot.
public struct NoAlertOutbox: AlertOutbox {
  /// Why there is no outbox, for the errors of what needs one.
  public let reason: String

  public init(reason: String) {
    self.reason = reason
  }

  public func alertDeliveriesDue(at date: Date, limit: Int) async throws -> [AlertDelivery] { [] }
  public func nextAlertDeliveryDue(after date: Date) async throws -> Date? { nil }
  public func beginAlertAttempt(firing: Int64, channel: String, number: Int, startedAt: Date, retryAt: Date)
    async throws
  { throw self.refusal }
  public func withdrawAlertAttempt(firing: Int64, channel: String, number: Int, attempts: Int, dueAt: Date)
    async throws
  { throw self.refusal }
  public func abandonAlertDelivery(firing: Int64, channel: String, at date: Date, reason: String) async throws {
    throw self.refusal
  }
  public func recordAlertAttempt(_ attempt: AlertAttempt) async throws { throw self.refusal }
  public func releaseAlertFiring(_ firing: Int64, at date: Date) async throws { throw self.refusal }
  public func holdAlertFiring(_ firing: Int64, until date: Date) async throws { throw self.refusal }
  public func releasedAlertFirings(rule: String, since date: Date) async throws -> (count: Int, first: Date?) {
    (0, nil)
  }
  public func alertDigestsDue(at date: Date) async throws -> [String] { [] }
  public func recordAlertDigest(rule: String, channels: [String], at date: Date) async throws -> Int { 0 }
  public func recordAlertTest(rule: String, quake: Quake, payload: String, channels: [String], at date: Date)
    async throws -> Int64
  { throw self.refusal }
  public func alertActivity() async throws -> [String: AlertActivity] { [:] }
  public func alertHistory(rule: String?, since: Date?, limit: Int) async throws -> [AlertHistoryEntry] { [] }
  public func pruneAlertHistory(firedBefore date: Date) async throws -> Int { 0 }

  private var refusal: NoAlertOutboxError { NoAlertOutboxError(description: self.reason) }
}

/// What a ``NoAlertOutbox`` answers a write with.
public struct NoAlertOutboxError: Error, CustomStringConvertible {
  public let description: String
}
