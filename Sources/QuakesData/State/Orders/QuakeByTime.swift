package import QuakesModel

/// A quake in the order of its origin time, ties broken by id: the list
/// selector's default order (``QuakesQuery/SortKey/time``), walked backwards
/// for newest first.
package struct QuakeByTime: Comparable, Sendable {
  /// The quake.
  package let quake: Quake

  /// `quake`, placed by its time.
  package init(_ quake: Quake) {
    self.quake = quake
  }

  package static func < (lhs: Self, rhs: Self) -> Bool {
    let left = lhs.quake.time
    let right = rhs.quake.time
    return left != right ? left < right : lhs.quake.id < rhs.quake.id
  }

  /// Whether both have the same place in the order (the same time and id).
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.quake.time == rhs.quake.time && lhs.quake.id == rhs.quake.id
  }
}
