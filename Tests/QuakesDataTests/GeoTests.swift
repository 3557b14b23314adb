import Foundation
import QuakesModel
import Testing

/// Distances, bearings, boxes and polygons, against answers known from
/// elsewhere: geodesic distances on the WGS 84 ellipsoid (Vincenty's
/// formula, computed independently), bearings of points due north, east,
/// south and west, and shapes drawn by hand.
@Suite("Geography: distance, bearing, box, polygon")
struct GeoTests {
  @Test(
    "distances between cities are within 0.5% of the geodesic on the WGS 84 ellipsoid",
    arguments: [
      (
        "London–Paris", GeoPoint(latitude: 51.5074, longitude: -0.1278), GeoPoint(latitude: 48.8566, longitude: 2.3522),
        343.9
      ),
      (
        "New York–Los Angeles", GeoPoint(latitude: 40.7128, longitude: -74.0060),
        GeoPoint(latitude: 34.0522, longitude: -118.2437), 3_944.4
      ),
      (
        "Sydney–Tokyo", GeoPoint(latitude: -33.8688, longitude: 151.2093),
        GeoPoint(latitude: 35.6762, longitude: 139.6503), 7_792.2
      ),
      (
        "Quito–Singapore", GeoPoint(latitude: -0.1807, longitude: -78.4678),
        GeoPoint(latitude: 1.3521, longitude: 103.8198), 19_743.4
      ),
      (
        "Anchorage–Reykjavík", GeoPoint(latitude: 61.2181, longitude: -149.9003),
        GeoPoint(latitude: 64.1466, longitude: -21.9426), 5_439.0
      ),
      (
        "Seattle–Tacoma", GeoPoint(latitude: 47.6062, longitude: -122.3321),
        GeoPoint(latitude: 47.2529, longitude: -122.4443), 40.2
      ),
    ])
  func cities(name: String, from: GeoPoint, to: GeoPoint, geodesicKm: Double) {
    let distance = Earth.distanceKm(from, to)
    #expect(abs(distance - geodesicKm) / geodesicKm < 0.005, "\(name): \(distance) km")
    #expect(abs(Earth.distanceKm(to, from) - distance) < 1e-9, "\(name): not symmetric")
  }

  @Test("a point is 0 km from itself; antipodes are half a great circle apart, the most there is")
  func extremes() {
    let point = GeoPoint(latitude: 12.5, longitude: -45)
    #expect(Earth.distanceKm(point, point) == 0)
    let antipode = GeoPoint(latitude: -12.5, longitude: 135)
    #expect(abs(Earth.distanceKm(point, antipode) - Earth.halfCircumferenceKm) < 1e-6)
    #expect(
      abs(
        Earth.distanceKm(GeoPoint(latitude: 90, longitude: 0), GeoPoint(latitude: -90, longitude: 77))
          - Earth.halfCircumferenceKm) < 1e-6)
  }

  @Test("the poles: every point of a latitude is as far from the pole, whatever its longitude")
  func poles() {
    let pole = GeoPoint(latitude: 90, longitude: 0)
    let distances = [-180.0, -90, 0, 45, 179.99].map { Earth.distanceKm(pole, GeoPoint(latitude: 89, longitude: $0)) }
    for distance in distances {
      #expect(abs(distance - Earth.radiusKm * .pi / 180) < 1e-6)
    }
    #expect(Earth.bearing(from: GeoPoint(latitude: 0, longitude: 10), to: pole) == 0)
    #expect(Earth.bearing(from: GeoPoint(latitude: 0, longitude: 10), to: GeoPoint(latitude: -90, longitude: 0)) == 180)
  }

  @Test(
    "bearings due north, east, south and west, and across the antimeridian",
    arguments: [
      (GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 10, longitude: 0), 0.0),
      (GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 0, longitude: 10), 90.0),
      (GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: -10, longitude: 0), 180.0),
      (GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 0, longitude: -10), 270.0),
      (GeoPoint(latitude: 0, longitude: 179), GeoPoint(latitude: 0, longitude: -179), 90.0),
    ])
  func bearings(from: GeoPoint, to: GeoPoint, expected: Double) {
    #expect(abs(Earth.bearing(from: from, to: to) - expected) < 1e-9)
    #expect((0..<360).contains(Earth.bearing(from: from, to: to)))
  }

  @Test("a box holds its edges; one whose west edge is east of its east edge crosses the antimeridian")
  func boxes() {
    let california = GeoBox(minLatitude: 32, maxLatitude: 42, minLongitude: -125, maxLongitude: -114)
    #expect(california.contains(GeoPoint(latitude: 37.77, longitude: -122.42)))
    #expect(california.contains(GeoPoint(latitude: 32, longitude: -114)))
    #expect(!california.contains(GeoPoint(latitude: 47.6, longitude: -122.3)))
    let fiji = GeoBox(minLatitude: -22, maxLatitude: -12, minLongitude: 170, maxLongitude: -170)
    #expect(fiji.crossesAntimeridian)
    #expect(fiji.contains(GeoPoint(latitude: -17.7, longitude: 178.1)))
    #expect(fiji.contains(GeoPoint(latitude: -17.7, longitude: -178.1)))
    #expect(fiji.contains(GeoPoint(latitude: -17.7, longitude: 180)))
    #expect(!fiji.contains(GeoPoint(latitude: -17.7, longitude: 0)))
    #expect(!fiji.contains(GeoPoint(latitude: -30, longitude: 178.1)))
  }

  @Test("a polygon with a hole: inside the ring and outside the hole")
  func polygonWithHole() {
    func ring(_ corners: [(Double, Double)]) -> [GeoPoint] {
      (corners + [corners[0]]).map { GeoPoint(latitude: $0.1, longitude: $0.0) }
    }
    let square = GeoRegion.Polygon(rings: [
      ring([(0, 0), (10, 0), (10, 10), (0, 10)]), ring([(4, 4), (6, 4), (6, 6), (4, 6)]),
    ])
    let region = GeoRegion(polygons: [square, GeoRegion.Polygon(rings: [ring([(20, 20), (22, 20), (21, 22)])])])
    #expect(region.contains(GeoPoint(latitude: 2, longitude: 2)))
    #expect(!region.contains(GeoPoint(latitude: 5, longitude: 5)), "in the hole")
    #expect(region.contains(GeoPoint(latitude: 5, longitude: 7)))
    #expect(!region.contains(GeoPoint(latitude: 12, longitude: 5)))
    #expect(region.contains(GeoPoint(latitude: 21, longitude: 21)), "in the second polygon")
    #expect(!region.contains(GeoPoint(latitude: -1, longitude: -1)))
  }

  @Test(
    "a polygon across the antimeridian, written past 180° or jumping to −180°, holds what lies across it, holes too",
    arguments: [
      [(170.0, -20.0), (190, -20), (190, -10), (170, -10)], [(170, -20), (-170, -20), (-170, -10), (170, -10)],
    ])
  func polygonAcrossTheAntimeridian(corners: [(Double, Double)]) {
    func ring(_ corners: [(Double, Double)]) -> [GeoPoint] {
      (corners + [corners[0]]).map { GeoPoint(latitude: $0.1, longitude: $0.0) }
    }
    let hole = ring([(-176, -16), (-172, -16), (-172, -12), (-176, -12)])
    let region = GeoRegion(polygons: [GeoRegion.Polygon(rings: [ring(corners), hole])])
    #expect(region.contains(GeoPoint(latitude: -15, longitude: 175)))
    #expect(region.contains(GeoPoint(latitude: -15, longitude: -178)))
    #expect(region.contains(GeoPoint(latitude: -15, longitude: 180)))
    #expect(!region.contains(GeoPoint(latitude: -14, longitude: -174)), "in the hole, written on the other side")
    #expect(!region.contains(GeoPoint(latitude: -15, longitude: 0)))
    #expect(!region.contains(GeoPoint(latitude: -15, longitude: -160)))
  }
}
