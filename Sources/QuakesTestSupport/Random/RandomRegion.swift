import Foundation
package import QuakesModel
package import USGSStandIn

/// Random `within` regions: one or two polygons around the catalogue's
/// centres or the antimeridian, rectangles or stars (not convex), some with
/// a hole, written across the antimeridian either way (longitudes past 180,
/// or jumping from 180 to −180).
package enum RandomRegion {
  package static func region(using random: inout SplitMix64) -> GeoRegion {
    GeoRegion(polygons: (0..<(1 + random.next(below: 2))).map { _ in Self.polygon(using: &random) })
  }

  private static func polygon(using random: inout SplitMix64) -> GeoRegion.Polygon {
    let centre =
      random.chance(0.8)
      ? random.pick(RandomCatalogue.centres)
      : GeoPoint(latitude: random.number(in: -80...80), longitude: random.pick([180, -179.5, 179.5]))
    let size = random.number(in: 0.5...12)
    let wraps = random.chance(0.5)
    var rings = [Self.ring(around: centre, size: size, star: random.chance(0.5), wraps: wraps, using: &random)]
    if random.chance(0.4) {
      rings.append(Self.ring(around: centre, size: size / 3, star: false, wraps: wraps, using: &random))
    }
    return GeoRegion.Polygon(rings: rings)
  }

  /// A closed ring around `centre`: a rectangle, or a star of 5–9 points
  /// at random distances; corners past ±180 kept (`wraps`) or wrapped.
  private static func ring(
    around centre: GeoPoint, size: Double, star: Bool, wraps: Bool, using random: inout SplitMix64
  ) -> [GeoPoint] {
    let offsets: [(Double, Double)]
    if star {
      let count = 5 + random.next(below: 5)
      offsets = (0..<count).map { step in
        let angle = Double(step) / Double(count) * 2 * .pi
        let reach = size * random.number(in: 0.3...1)
        return (reach * sin(angle), reach * cos(angle))
      }
    } else {
      offsets = [(-size, -size), (-size, size), (size, size), (size, -size)]
    }
    var ring = offsets.map { latitudeOffset, longitudeOffset in
      var longitude = centre.longitude + longitudeOffset
      if !wraps, longitude > 180 { longitude -= 360 }
      if !wraps, longitude < -180 { longitude += 360 }
      return GeoPoint(latitude: (centre.latitude + latitudeOffset).clamped(to: -90...90), longitude: longitude)
    }
    if let first = ring.first { ring.append(first) }
    return ring
  }
}
