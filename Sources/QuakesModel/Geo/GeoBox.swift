/// A latitude–longitude box (also the `bbox` filter param's JSON shape). A box whose ``minLongitude`` is greater than its
/// ``maxLongitude`` crosses the antimeridian: 170…−170 holds 175 and −175.
public struct GeoBox: Hashable, Sendable, Codable {
  /// The southern edge, in degrees, inclusive.
  public var minLatitude: Double
  /// The northern edge, in degrees, inclusive.
  public var maxLatitude: Double
  /// The western edge, in degrees, inclusive.
  public var minLongitude: Double
  /// The eastern edge, in degrees, inclusive.
  public var maxLongitude: Double

  /// The box between these edges.
  public init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
    self.minLatitude = minLatitude
    self.maxLatitude = maxLatitude
    self.minLongitude = minLongitude
    self.maxLongitude = maxLongitude
  }

  /// Whether the box crosses the antimeridian.
  public var crossesAntimeridian: Bool { self.minLongitude > self.maxLongitude }

  /// Whether `point` lies in the box (edges included).
  public func contains(_ point: GeoPoint) -> Bool {
    guard point.latitude >= self.minLatitude, point.latitude <= self.maxLatitude else { return false }
    if self.crossesAntimeridian {
      return point.longitude >= self.minLongitude || point.longitude <= self.maxLongitude
    }
    return point.longitude >= self.minLongitude && point.longitude <= self.maxLongitude
  }
}
