import QuakesModel

extension FDSNEventRequest {
  /// The circle's centre and radius as given.
  struct CircleParameters {
    var latitude: Double?
    var longitude: Double?
    var radiusKm: Double?
    var minRadiusKm: Double?

    /// The circle, or the ring, around the centre (0, 0 when not given, as
    /// the specification says); `nil` without a radius, which is the whole Earth.
    func circle() -> GeoCircle? {
      guard self.radiusKm != nil || self.minRadiusKm != nil else { return nil }
      return GeoCircle(
        centre: GeoPoint(latitude: self.latitude ?? 0, longitude: self.longitude ?? 0), radiusKm: self.radiusKm,
        minRadiusKm: self.minRadiusKm)
    }
  }
}
