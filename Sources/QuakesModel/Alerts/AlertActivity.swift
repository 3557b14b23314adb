/// What one alert rule did, as the outbox records it: `quakectl alerts`
/// and `quakectl status` show it. Times are ISO 8601 in UTC with milliseconds.
public struct AlertActivity: Codable, Hashable, Sendable {
  /// How many times the rule fired (each firing is delivered to every channel).
  public var fired: Int
  /// When it last fired; `nil` if never.
  public var lastFired: String?
  /// Deliveries not made yet (first attempt or retry due).
  public var pending: Int
  /// Deliveries a channel took.
  public var delivered: Int
  /// Deliveries given up.
  public var failed: Int
  /// Deliveries held back by flood control: waiting for their digest, or listed in one.
  public var heldBack: Int

  /// Creates an activity; all zero by default.
  public init(
    fired: Int = 0, lastFired: String? = nil, pending: Int = 0, delivered: Int = 0, failed: Int = 0, heldBack: Int = 0
  ) {
    self.fired = fired
    self.lastFired = lastFired
    self.pending = pending
    self.delivered = delivered
    self.failed = failed
    self.heldBack = heldBack
  }
}

extension AlertActivity {
  /// Counts `count` deliveries in `state` where they belong (held and
  /// digested ones as held back); nothing for a state the outbox does not know.
  public mutating func count(_ count: Int, in state: AlertDeliveryState?) {
    switch state {
    case .pending: self.pending += count
    case .delivered: self.delivered += count
    case .failed: self.failed += count
    case .held, .digested: self.heldBack += count
    case nil: break
    }
  }
}
