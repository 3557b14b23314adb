/// The result of `alerts.send`: one test notification went to each channel
/// of the rule, once, without retries.
public struct AlertSendResult: Hashable, Sendable, Codable {
  /// The rule.
  public var rule: String
  /// The quake sent.
  public var quakeId: String
  /// The idempotency key the event carried.
  public var key: String
  /// One outcome per channel.
  public var deliveries: [Delivery]

  /// Creates a result.
  public init(rule: String, quakeId: String, key: String, deliveries: [Delivery]) {
    self.rule = rule
    self.quakeId = quakeId
    self.key = key
    self.deliveries = deliveries
  }

  /// What one channel did with the event.
  public struct Delivery: Hashable, Sendable, Codable {
    /// The channel.
    public var channel: String
    /// Whether it took the event.
    public var delivered: Bool
    /// What it answered, or what went wrong.
    public var detail: String
    /// How long it took, in milliseconds.
    public var milliseconds: Int

    /// Creates an outcome.
    public init(channel: String, delivered: Bool, detail: String, milliseconds: Int) {
      self.channel = channel
      self.delivered = delivered
      self.detail = detail
      self.milliseconds = milliseconds
    }
  }
}
