/// The result of `quakes.delete` and `quakes.purge`: how many quakes left
/// the cache (and the database, in the same order as every other write).
public struct DeleteResult: Hashable, Sendable, Codable {
  /// How many quakes were deleted.
  public var deleted: Int

  /// Creates a result.
  public init(deleted: Int) {
    self.deleted = deleted
  }
}
