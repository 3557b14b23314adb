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
}
