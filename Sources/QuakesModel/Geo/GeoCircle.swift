/// The points within a distance of a centre: "quakes near me".
public struct GeoCircle: Hashable, Sendable {
  /// The centre.
  public var centre: GeoPoint
  /// The greatest distance from the centre, in km; `nil` for any distance
  /// (the centre then only measures distances and sorts by them).
  public var radiusKm: Double?
  /// The least distance from the centre, in km; `nil` for none. With it
  /// the circle is a ring (FDSN's `minradius`).
  public var minRadiusKm: Double?

  /// The circle of `radiusKm` around `centre`, or the ring from
  /// `minRadiusKm` to `radiusKm`.
  public init(centre: GeoPoint, radiusKm: Double?, minRadiusKm: Double? = nil) {
    self.centre = centre
    self.radiusKm = radiusKm
    self.minRadiusKm = minRadiusKm
  }

  /// Whether `point` lies in the circle: within ``radiusKm`` of the centre
  /// by ``Earth/distanceKm(_:_:)`` and not nearer than ``minRadiusKm``,
  /// edges included; every point when there is neither. (Written as "not
  /// farther than" and "not nearer than", so a bound that is not a number
  /// excludes nothing, as the list filter always did.)
  public func contains(_ point: GeoPoint) -> Bool {
    guard self.radiusKm != nil || self.minRadiusKm != nil else { return true }
    let distance = Earth.distanceKm(self.centre, point)
    if let radiusKm = self.radiusKm, distance > radiusKm { return false }
    if let minRadiusKm = self.minRadiusKm, distance < minRadiusKm { return false }
    return true
  }
}
