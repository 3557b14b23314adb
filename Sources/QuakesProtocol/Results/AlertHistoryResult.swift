public import QuakesModel

/// The result of `alerts.history`: deliveries, newest firing first, each
/// with every attempt.
public struct AlertHistoryResult: Hashable, Sendable, Codable {
  /// The deliveries.
  public var deliveries: [AlertHistoryEntry]

  /// Creates a result.
  public init(deliveries: [AlertHistoryEntry]) {
    self.deliveries = deliveries
  }
}
