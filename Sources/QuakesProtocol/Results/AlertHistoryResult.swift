public import QuakesModel

/// The result of `alerts.history`: deliveries, newest firing first, each
/// with every attempt, and the firings of rules with no channel (an entry
/// each, without a channel or a state).
public struct AlertHistoryResult: Hashable, Sendable, Codable {
  /// The deliveries, and the firings without one.
  public var deliveries: [AlertHistoryEntry]

  /// Creates a result.
  public init(deliveries: [AlertHistoryEntry]) {
    self.deliveries = deliveries
  }
}
