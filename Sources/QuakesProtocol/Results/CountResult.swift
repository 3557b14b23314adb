/// The result of `quakes.count`.
public struct CountResult: Hashable, Sendable, Codable {
  /// How many quakes the cache holds.
  public var count: Int

  /// Creates a result.
  public init(count: Int) {
    self.count = count
  }
}
