public import Foundation
public import QuakesModel

/// A rule fired for a quake: what the listener writes to the outbox, in the
/// transaction of the diff that caused it, with one delivery per channel.
public struct AlertFiring: Hashable, Sendable {
  /// The rule that fired.
  public var rule: String
  /// What happened to the quake.
  public var trigger: AlertTrigger
  /// The quake as it is now; for ``AlertTrigger/deleted``, as it was last cached.
  public var quake: Quake
  /// The quake before the update (``AlertTrigger/upgraded``, or a quake
  /// that entered the rule by an update); `nil` for a quake new in the cache.
  public var previous: Quake?
  /// What made an upgrade: `magnitude`, `alert`, `tsunami`, `status`.
  public var changes: [String]
  /// When the batch that caused it was fetched.
  public var firedAt: Date
  /// The channel names of the rule, one delivery each.
  public var channels: [String]
  /// Whether the quake matches the rule's `quiet: unless:` filter: it goes
  /// out in quiet hours too.
  public var isUrgent: Bool

  /// Creates a firing.
  public init(
    rule: String, trigger: AlertTrigger, quake: Quake, previous: Quake? = nil, changes: [String] = [],
    firedAt: Date, channels: [String], isUrgent: Bool = false
  ) {
    self.rule = rule
    self.trigger = trigger
    self.quake = quake
    self.previous = previous
    self.changes = changes
    self.firedAt = firedAt
    self.channels = channels
    self.isUrgent = isUrgent
  }

  /// The version of the quake the firing is about: its `updated` time in
  /// milliseconds since 1970.
  public var version: Int64 {
    Timestamp.milliseconds(self.quake.updated)
  }

  /// What a receiver uses to drop a duplicate delivery:
  /// `RULE/EVENT/QUAKE-ID/VERSION`, the same for every attempt and channel.
  public var idempotencyKey: String {
    Self.idempotencyKey(rule: self.rule, event: self.trigger.rawValue, quakeId: self.quake.id, version: self.version)
  }

  /// The idempotency key of a firing of `rule` for version `version` (its
  /// `updated` in milliseconds) of quake `quakeId`.
  public static func idempotencyKey(rule: String, event: String, quakeId: String, version: Int64) -> String {
    "\(rule)/\(event)/\(quakeId)/\(version)"
  }
}
