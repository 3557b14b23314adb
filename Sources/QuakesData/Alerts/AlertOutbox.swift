public import Foundation
public import QuakesModel

/// The alert outbox of a local store, for the daemon's delivery loop and
/// for `quakectl alerts`: the firings the listener wrote with each diff,
/// their deliveries and every attempt: the SQLite file's
/// (`SQLiteLocalStore`), or the one a shared PostgreSQL store gives every
/// quakesd on it (`PostgresLocalStore`).
public protocol AlertOutbox: Sendable {
  /// Whether other quakesd deliver from this outbox too (a shared store):
  /// then an attempt begun is not due again before it could have ended.
  var isShared: Bool { get }
  /// Pending deliveries whose attempt is due at `date`, at most `limit`, the longest due first.
  func alertDeliveriesDue(at date: Date, limit: Int) async throws -> [AlertDelivery]
  /// When the next pending delivery falls due after `date`; `nil` when none does.
  func nextAlertDeliveryDue(after date: Date) async throws -> Date?
  /// Records, before an attempt starts, that it started: left there, quakesd
  /// stopped during it; the delivery is due again at `retryAt`. Throws
  /// ``AlertDeliveryTaken`` when another quakesd of a shared store began it first.
  ///
  /// - Returns: whether the attempt before it was interrupted (its quakesd
  ///   was killed during it): then this one may repeat a delivery the
  ///   receiver already has, under the same idempotency key.
  @discardableResult
  func beginAlertAttempt(firing: Int64, channel: String, number: Int, startedAt: Date, retryAt: Date) async throws
    -> Bool
  /// Takes back an attempt recorded as begun that did not run.
  func withdrawAlertAttempt(firing: Int64, channel: String, number: Int, attempts: Int, dueAt: Date) async throws
  /// Gives a delivery up at `date` for `reason`, if it still has the
  /// `attempts` it was read with (another quakesd of a shared store may have
  /// begun one since).
  func abandonAlertDelivery(firing: Int64, channel: String, attempts: Int, at date: Date, reason: String) async throws
  /// Records `attempt` and the state it leaves its delivery in.
  func recordAlertAttempt(_ attempt: AlertAttempt) async throws
  /// Lets `firing` through flood control at `date`.
  func releaseAlertFiring(_ firing: Int64, at date: Date) async throws
  /// Holds `firing` back until `date`, when a digest lists it.
  func holdAlertFiring(_ firing: Int64, until date: Date) async throws
  /// How many firings of `rule` flood control let through since `date`, and the first one's date.
  func releasedAlertFirings(rule: String, since date: Date) async throws -> (count: Int, first: Date?)
  /// The rules whose held deliveries are due at `date`.
  func alertDigestsDue(at date: Date) async throws -> [String]
  /// Writes the digest of `rule` at `date`; returns how many firings it lists.
  func recordAlertDigest(rule: String, channels: [String], at date: Date) async throws -> Int
  /// Writes a test firing of `rule` for `quake`; returns its id.
  func recordAlertTest(rule: String, quake: Quake, payload: String, channels: [String], at date: Date) async throws
    -> Int64
  /// What each rule fired and delivered.
  func alertActivity() async throws -> [String: AlertActivity]
  /// The firings and deliveries, newest first.
  func alertHistory(rule: String?, since: Date?, limit: Int) async throws -> [AlertHistoryEntry]
  /// Deletes the firings made before `date`; returns how many.
  func pruneAlertHistory(firedBefore date: Date) async throws -> Int
}

extension AlertOutbox {
  public var isShared: Bool { false }
}
