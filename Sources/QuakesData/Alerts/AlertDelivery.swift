/// A delivery the outbox holds pending: one firing, to one channel.
public struct AlertDelivery: Hashable, Sendable {
  /// The firing's row in `alert_firings`.
  public var firing: Int64
  /// The channel's name, e.g. `exec:/usr/local/bin/notify`.
  public var channel: String
  /// The rule that fired.
  public var rule: String
  /// `new`, `upgraded`, `deleted` or `test`.
  public var event: String
  /// The quake the firing is about.
  public var quakeId: String
  /// The idempotency key (``AlertFiring/idempotencyKey``).
  public var key: String
  /// The event JSON (``AlertFiring/eventJSON``).
  public var payload: String
  /// Attempts made so far.
  public var attempts: Int
  /// How many of them quakesd never saw end: it stopped (a crash, a kill,
  /// a power cut) while they ran. Recorded before each attempt starts.
  public var interruptedAttempts: Int
  /// Whether flood control let the firing through (or it needs none: a test, a digest).
  public var isReleased: Bool
  /// Whether it goes out in the rule's quiet hours too.
  public var isUrgent: Bool

  /// Creates a delivery.
  public init(
    firing: Int64, channel: String, rule: String, event: String, quakeId: String, key: String, payload: String,
    attempts: Int, interruptedAttempts: Int = 0, isReleased: Bool = true, isUrgent: Bool = false
  ) {
    self.firing = firing
    self.channel = channel
    self.rule = rule
    self.event = event
    self.quakeId = quakeId
    self.key = key
    self.payload = payload
    self.attempts = attempts
    self.interruptedAttempts = interruptedAttempts
    self.isReleased = isReleased
    self.isUrgent = isUrgent
  }
}
