public import QuakesModel

/// What one remote batch changed in the cache: exactly the rows the local
/// store writes, in one transaction.
public struct QuakesDiff: Hashable, Sendable {
  /// Quakes that were not in the cache.
  public var inserted: [Quake]
  /// Quakes that were in the cache with different fields.
  public var updated: [Quake]
  /// Quakes removed from the cache (as they were before removal).
  public var deleted: [Quake]

  /// Creates a diff.
  public init(inserted: [Quake] = [], updated: [Quake] = [], deleted: [Quake] = []) {
    self.inserted = inserted
    self.updated = updated
    self.deleted = deleted
  }

  /// Whether the diff changes nothing (then nothing is written).
  public var isEmpty: Bool { self.inserted.isEmpty && self.updated.isEmpty && self.deleted.isEmpty }

  /// How many quakes of each kind.
  public var counts: Counts {
    Counts(inserted: self.inserted.count, updated: self.updated.count, deleted: self.deleted.count)
  }
}

extension QuakesDiff {
  /// How many quakes a diff inserted, updated and deleted.
  public struct Counts: Hashable, Sendable, Codable {
    /// Quakes that were not in the cache.
    public var inserted: Int
    /// Quakes that changed.
    public var updated: Int
    /// Quakes removed.
    public var deleted: Int

    /// Creates counts.
    public init(inserted: Int = 0, updated: Int = 0, deleted: Int = 0) {
      self.inserted = inserted
      self.updated = updated
      self.deleted = deleted
    }
  }
}
