/// The points within a distance of a centre: "quakes near me".
public struct GeoCircle: Hashable, Sendable {
  /// The centre.
  public var centre: GeoPoint
  /// The greatest distance from the centre, in km; `nil` for any distance
  /// (the centre then only measures distances and sorts by them).
  public var radiusKm: Double?

  /// The circle of `radiusKm` around `centre`.
  public init(centre: GeoPoint, radiusKm: Double?) {
    self.centre = centre
    self.radiusKm = radiusKm
  }

  /// Whether `point` lies in the circle: within ``radiusKm`` of the centre
  /// by ``Earth/distanceKm(_:_:)``, edge included; every point when there
  /// is no radius. (Written as "not farther than", so a radius that is not
  /// a number excludes nothing, as the list filter always did.)
  public func contains(_ point: GeoPoint) -> Bool {
    guard let radiusKm = self.radiusKm else { return true }
    return !(Earth.distanceKm(self.centre, point) > radiusKm)
  }
}
