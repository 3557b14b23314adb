import FoundationEssentials
import Glibc

extension GeoCircle {
  /// Boxes that together hold every point ``contains(_:)`` accepts, for an
  /// index of boxes to prefilter with (the exact test follows); `nil` when
  /// the circle has no radius, or a centre or radius out of range, so that
  /// no box helps.
  ///
  /// On the sphere, a point within angular distance δ of a centre at
  /// latitude φ lies within δ of it in latitude, and, unless the circle
  /// reaches a pole, within asin(sin δ / cos φ) of it in longitude. The
  /// radius is widened by ``margin`` first, far more than the rounding of
  /// the haversine, so that a point on the edge is never left out.
  package var coveringBoxes: [GeoBox]? {
    guard let radiusKm = self.radiusKm, radiusKm.isFinite, radiusKm >= 0,
      QuakeRanges.latitude.contains(self.centre.latitude), QuakeRanges.longitude.contains(self.centre.longitude)
    else { return nil }
    let angle = radiusKm / Earth.radiusKm + Self.margin
    guard angle < .pi / 2 else { return nil }
    let latitude = self.centre.latitude * .pi / 180
    let latitudes = (latitude - angle) * 180 / .pi...(latitude + angle) * 180 / .pi
    if abs(latitude) + angle >= .pi / 2 {
      // The circle reaches a pole: every longitude near it.
      return GeoBox.covering(latitudes: latitudes, longitudes: -180...180)
    }
    let spread = (asin(Swift.min(1, sin(angle) / cos(latitude))) + Self.margin) * 180 / .pi
    let longitudes = (self.centre.longitude - spread)...(self.centre.longitude + spread)
    return GeoBox.covering(latitudes: latitudes, longitudes: longitudes)
  }

  /// How much the covering widens the circle, in radians: 10⁻⁶, about 6 m.
  private static let margin = 1e-6
}
