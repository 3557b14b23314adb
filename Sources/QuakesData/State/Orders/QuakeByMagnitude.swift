package import QuakesModel

/// A quake in the order of its magnitude, an unknown magnitude lowest, ties
/// broken by id: the order of ``QuakesQuery/SortKey/magnitude``.
package struct QuakeByMagnitude: Comparable, Sendable {
  /// The quake.
  package let quake: Quake

  /// `quake`, placed by its magnitude.
  package init(_ quake: Quake) {
    self.quake = quake
  }

  /// The magnitude as the order sees it: an unknown one below every other.
  var magnitude: Double { self.quake.magnitude ?? -.infinity }

  package static func < (lhs: Self, rhs: Self) -> Bool {
    let left = lhs.magnitude
    let right = rhs.magnitude
    return left != right ? left < right : lhs.quake.id < rhs.quake.id
  }

  /// Whether both have the same place in the order (the same magnitude and id).
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.magnitude == rhs.magnitude && lhs.quake.id == rhs.quake.id
  }
}
