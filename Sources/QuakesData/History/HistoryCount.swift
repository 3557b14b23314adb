/// The FDSN event service's answer to a count: how many events a window
/// holds, and the most one request may return.
public struct HistoryCount: Hashable, Sendable {
  /// Events matching the query in the window.
  public var count: Int
  /// The service's limit per request (20,000 at USGS).
  public var maximum: Int

  /// Creates a count.
  public init(count: Int, maximum: Int) {
    self.count = count
    self.maximum = maximum
  }
}
