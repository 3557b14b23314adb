import FoundationEssentials
import Glibc

/// Distances and directions on the Earth, taken as a sphere.
///
/// A sphere of the mean radius (IUGG: 6,371.0088 km) and the haversine
/// formula: within 0.5% of the distance on the WGS 84 ellipsoid anywhere
/// (the ellipsoid's flattening is 1 in 298), well-conditioned for points
/// close together, and cheap enough to run on every cached quake.
public enum Earth {
  /// The mean radius, in km.
  public static let radiusKm = 6_371.008_8

  /// Half the circumference of a great circle: no two points are farther apart.
  public static let halfCircumferenceKm = Double.pi * radiusKm

  /// The great-circle distance between `a` and `b`, in km.
  public static func distanceKm(_ a: GeoPoint, _ b: GeoPoint) -> Double {
    let latitude1 = a.latitude * .pi / 180
    let latitude2 = b.latitude * .pi / 180
    let deltaLatitude = latitude2 - latitude1
    let deltaLongitude = (b.longitude - a.longitude) * .pi / 180
    let h =
      sin(deltaLatitude / 2) * sin(deltaLatitude / 2) + cos(latitude1) * cos(latitude2) * sin(deltaLongitude / 2)
      * sin(deltaLongitude / 2)
    return 2 * Self.radiusKm * asin(min(1, sqrt(h)))
  }

  /// The initial bearing from `a` to `b`, in degrees clockwise from north,
  /// 0 ≤ bearing < 360 (0 when the points coincide; from a pole, the
  /// bearing of the meridian `b` lies on, as seen facing along it).
  public static func bearing(from a: GeoPoint, to b: GeoPoint) -> Double {
    let latitude1 = a.latitude * .pi / 180
    let latitude2 = b.latitude * .pi / 180
    let deltaLongitude = (b.longitude - a.longitude) * .pi / 180
    let y = sin(deltaLongitude) * cos(latitude2)
    let x = cos(latitude1) * sin(latitude2) - sin(latitude1) * cos(latitude2) * cos(deltaLongitude)
    let degrees = atan2(y, x) * 180 / .pi
    let bearing = degrees < 0 ? degrees + 360 : degrees
    return bearing >= 360 ? 0 : bearing
  }
}
