/// One delivery of one alert firing to one channel, with every attempt
/// made so far: a line of `quakectl alerts history`. Times are ISO 8601 in
/// UTC with milliseconds.
///
/// A firing of a rule with no channel has no delivery: it is one entry
/// without a channel or a state (recorded, nothing to send), so that the
/// history shows what such a rule did.
public struct AlertHistoryEntry: Codable, Hashable, Sendable {
  /// The rule that fired.
  public var rule: String
  /// `new`, `upgraded`, `deleted`, `test` or `digest`.
  public var event: String
  /// The quake the firing is about.
  public var quakeId: String
  /// The idempotency key every attempt carries: `RULE/EVENT/QUAKE-ID/VERSION`.
  public var key: String
  /// When the rule fired.
  public var firedAt: String
  /// The channel, e.g. `webhook:https://hooks.example.org/quakes`; `nil`
  /// for a firing of a rule with no channel.
  public var channel: String?
  /// Where the delivery stands; `nil` for a firing of a rule with no channel.
  public var state: AlertDeliveryState?
  /// When the next attempt is due, while ``state`` is pending.
  public var nextAttempt: String?
  /// Every attempt, oldest first.
  public var attempts: [Attempt]

  /// Creates an entry.
  public init(
    rule: String, event: String, quakeId: String, key: String, firedAt: String, channel: String?,
    state: AlertDeliveryState?, nextAttempt: String?, attempts: [Attempt]
  ) {
    self.rule = rule
    self.event = event
    self.quakeId = quakeId
    self.key = key
    self.firedAt = firedAt
    self.channel = channel
    self.state = state
    self.nextAttempt = nextAttempt
    self.attempts = attempts
  }

  /// One attempt to deliver.
  public struct Attempt: Codable, Hashable, Sendable {
    /// When it started.
    public var startedAt: String
    /// How long it took, in milliseconds.
    public var milliseconds: Int
    /// Whether the channel took the event.
    public var delivered: Bool
    /// What went wrong (or, delivered, what the channel answered), in a few words.
    public var detail: String?

    /// Creates an attempt.
    public init(startedAt: String, milliseconds: Int, delivered: Bool, detail: String?) {
      self.startedAt = startedAt
      self.milliseconds = milliseconds
      self.delivered = delivered
      self.detail = detail
    }
  }
}
