public import Foundation

/// What the retention rules removed since the daemon started, for status.
public struct RetentionRecord: Hashable, Sendable {
  /// When the rules last removed quakes.
  public var lastRemoval: Date?
  /// How many quakes they removed then.
  public var lastRemoved = 0
  /// How many quakes they removed in all.
  public var removed = 0

  /// A record of nothing removed yet.
  public init() {}
}
