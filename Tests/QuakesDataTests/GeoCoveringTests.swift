import Foundation
import QuakesModel
import Testing
import USGSStandIn

/// The boxes that stand for a circle, a box or a region when an index of
/// boxes prefilters a query (SQLite's R*Tree): they must hold every point
/// the exact test accepts — on the edge too, at the poles, across the
/// antimeridian — or a query through the index would miss quakes.
@Suite("Geography: boxes covering a circle, a box, a region")
struct GeoCoveringTests {
  private static let seed: UInt64 = 0x0C0F_E41E

  /// Whether one of `boxes` holds `point`.
  private static func isCovered(_ point: GeoPoint, by boxes: [GeoBox]) -> Bool {
    boxes.contains { $0.contains(point) }
  }

  /// The point `distanceKm` from `start` at `bearing` degrees, on the sphere
  /// of ``Earth/radiusKm``, its longitude in −180…180.
  private static func destination(from start: GeoPoint, bearing: Double, distanceKm: Double) -> GeoPoint {
    let angle = distanceKm / Earth.radiusKm
    let latitude1 = start.latitude * .pi / 180
    let theta = bearing * .pi / 180
    let latitude2 = asin(sin(latitude1) * cos(angle) + cos(latitude1) * sin(angle) * cos(theta))
    let deltaLongitude = atan2(
      sin(theta) * sin(angle) * cos(latitude1), cos(angle) - sin(latitude1) * sin(latitude2))
    let longitude = (start.longitude + deltaLongitude * 180 / .pi + 540).truncatingRemainder(dividingBy: 360) - 180
    return GeoPoint(latitude: latitude2 * 180 / .pi, longitude: longitude)
  }

  @Test("every point a circle holds, on its edge too, lies in one of its boxes")
  func circles() {
    var random = SplitMix64(seed: Self.seed)
    let centres = [
      GeoPoint(latitude: 0, longitude: 180), GeoPoint(latitude: -17.7, longitude: -179.9),
      GeoPoint(latitude: 89.9, longitude: 0), GeoPoint(latitude: -60, longitude: 120),
      GeoPoint(latitude: 61.2, longitude: -149.9),
    ]
    var misses: [String] = []
    for _ in 0..<400 {
      let centre =
        random.unit() < 0.5
        ? centres[random.next(below: centres.count)]
        : GeoPoint(latitude: random.unit() * 180 - 90, longitude: random.unit() * 360 - 180)
      let radius = [1, 100, 1_000, 5_000, 9_000][random.next(below: 5)] * (0.5 + random.unit())
      let circle = GeoCircle(centre: centre, radiusKm: radius)
      let boxes =
        circle.coveringBoxes ?? [GeoBox(minLatitude: -90, maxLatitude: 90, minLongitude: -180, maxLongitude: 180)]
      for _ in 0..<200 {
        // At the edge, give or take a metre, where a box that is too
        // tight first loses a point.
        let point = Self.destination(
          from: centre, bearing: random.unit() * 360, distanceKm: radius + (random.unit() - 0.5) / 500)
        if circle.contains(point), !Self.isCovered(point, by: boxes) {
          misses.append("seed \(Self.seed): \(point) in \(circle), outside \(boxes)")
        }
      }
    }
    #expect(misses.isEmpty, "\(misses.count) points missed; the first: \(misses.first ?? "")")
  }

  @Test("a circle without a radius, or reaching past a quarter of the Earth, gives no boxes: every point may match")
  func circlesWithoutBoxes() {
    let centre = GeoPoint(latitude: 10, longitude: 10)
    #expect(GeoCircle(centre: centre, radiusKm: nil).coveringBoxes == nil)
    #expect(GeoCircle(centre: centre, radiusKm: 10_100).coveringBoxes == nil)
    #expect(GeoCircle(centre: centre, radiusKm: .nan).coveringBoxes == nil)
  }

  @Test("a box across the antimeridian is two boxes that do not cross it")
  func boxes() {
    let fiji = GeoBox(minLatitude: -25, maxLatitude: -10, minLongitude: 165, maxLongitude: -170)
    #expect(
      fiji.coveringBoxes == [
        GeoBox(minLatitude: -25, maxLatitude: -10, minLongitude: 165, maxLongitude: 180),
        GeoBox(minLatitude: -25, maxLatitude: -10, minLongitude: -180, maxLongitude: -170),
      ])
    let california = GeoBox(minLatitude: 32, maxLatitude: 42, minLongitude: -125, maxLongitude: -114)
    #expect(california.coveringBoxes == [california])
    #expect(GeoBox(minLatitude: .nan, maxLatitude: 1, minLongitude: 0, maxLongitude: 1).coveringBoxes == nil)
  }

  @Test("every point a region holds, at its corners too, lies in one of its boxes, whichever way its rings wrap")
  func regions() {
    var random = SplitMix64(seed: Self.seed)
    var misses: [String] = []
    for _ in 0..<300 {
      let latitude = random.unit() * 160 - 80
      let longitude = [180, 179.5, -179.5, random.unit() * 360 - 180][random.next(below: 4)]
      let size = 0.5 + random.unit() * 20
      let wraps = random.unit() < 0.5
      let corners = [(-size, -size), (-size, size), (size, size * 1.5), (size, -size)].map { north, east in
        var corner = longitude + east
        if !wraps, corner > 180 { corner -= 360 }
        if !wraps, corner < -180 { corner += 360 }
        return GeoPoint(latitude: latitude + north, longitude: corner)
      }
      let region = GeoRegion(polygons: [GeoRegion.Polygon(rings: [corners + corners.prefix(1)])])
      guard let boxes = region.coveringBoxes else {
        misses.append("no boxes for \(region)")
        continue
      }
      for _ in 0..<200 {
        // Near a corner (the extremes of a ring), or anywhere around it.
        let corner = corners[random.next(below: corners.count)]
        let spread = random.unit() < 0.5 ? 1e-7 : size
        var east = corner.longitude + (random.unit() - 0.5) * 2 * spread
        east = (east + 540).truncatingRemainder(dividingBy: 360) - 180
        let point = GeoPoint(latitude: corner.latitude + (random.unit() - 0.5) * 2 * spread, longitude: east)
        if region.contains(point), !Self.isCovered(point, by: boxes) {
          misses.append("seed \(Self.seed): \(point) in \(region), outside \(boxes)")
        }
      }
    }
    #expect(misses.isEmpty, "\(misses.count) points missed; the first: \(misses.first ?? "")")
  }
}
