/// A point on the Earth's surface, in degrees (WGS 84, as USGS gives them).
public struct GeoPoint: Hashable, Sendable {
  /// Degrees north, −90…90.
  public var latitude: Double
  /// Degrees east, −180…180.
  public var longitude: Double

  /// The point at `latitude`, `longitude`.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

extension Quake {
  /// The epicentre.
  public var epicentre: GeoPoint {
    GeoPoint(latitude: self.latitude, longitude: self.longitude)
  }
}
