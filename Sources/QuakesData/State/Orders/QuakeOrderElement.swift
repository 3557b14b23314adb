package import QuakesModel

/// An element of one of the state's orders: a quake, placed by one of its
/// values.
package protocol QuakeOrderElement: Comparable, Sendable {
  /// The quake.
  var quake: Quake { get }
}

extension QuakeByTime: QuakeOrderElement {}
extension QuakeByMagnitude: QuakeOrderElement {}
