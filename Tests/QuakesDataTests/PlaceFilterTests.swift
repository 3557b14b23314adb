import Foundation
import QuakesData
import QuakesModel
import Testing

/// The filters by place, and the sort by distance, on a grid of quakes
/// checked against a brute-force pass over the same grid.
@Suite("Selectors: near, bbox, within and sort by distance")
struct PlaceFilterTests {
  /// A quake every 10° of latitude and 20° of longitude, poles and antimeridian included.
  private static let grid: [Quake] = stride(from: -90.0, through: 90, by: 10).flatMap { latitude in
    stride(from: -180.0, through: 180, by: 20).map { longitude in
      Quake(
        id: "g\(Int(latitude))_\(Int(longitude))", magnitude: 3, time: Timestamp.date(milliseconds: 0),
        updated: Timestamp.date(milliseconds: 0), place: nil, longitude: longitude, latitude: latitude)
    }
  }

  private let state = QuakesState.loaded(Self.grid)

  private func ids(_ filter: QuakesQuery.Filter) -> Set<String> {
    Set(self.state.selectQuakesPage(QuakesQuery(filter: filter)).quakes.map(\.id))
  }

  private func bruteForce(_ keeps: (Quake) -> Bool) -> Set<String> {
    Set(Self.grid.filter(keeps).map(\.id))
  }

  @Test(
    "near keeps exactly the quakes within the radius, from radius 0 to more than half the Earth",
    arguments: [0.0, 500, 1_111.95, 2_500, 10_000, 20_015.1, 25_000])
  func near(radius: Double) {
    let centre = GeoPoint(latitude: 40, longitude: -20)
    let kept = self.ids(QuakesQuery.Filter(near: GeoCircle(centre: centre, radiusKm: radius)))
    #expect(kept == self.bruteForce { Earth.distanceKm(centre, $0.epicentre) <= radius })
    if radius == 0 { #expect(kept == ["g40_-20"]) }
    if radius >= Earth.halfCircumferenceKm { #expect(kept.count == Self.grid.count) }
  }

  @Test("near a pole keeps the ring of quakes at that latitude, all longitudes")
  func nearThePole() {
    let kept = self.ids(
      QuakesQuery.Filter(near: GeoCircle(centre: GeoPoint(latitude: 90, longitude: 0), radiusKm: 1_200)))
    #expect(kept == self.bruteForce { $0.latitude >= 80 })
  }

  @Test("a box across the antimeridian keeps both sides of it")
  func boxAcrossTheAntimeridian() {
    let box = GeoBox(minLatitude: -20, maxLatitude: 20, minLongitude: 150, maxLongitude: -150)
    let kept = self.ids(QuakesQuery.Filter(bbox: box))
    #expect(kept == self.bruteForce { abs($0.latitude) <= 20 && abs($0.longitude) >= 150 })
    #expect(kept.contains("g0_160") && kept.contains("g0_-160") && kept.contains("g0_180") && !kept.contains("g0_0"))
  }

  @Test("within a polygon with a hole")
  func withinPolygon() {
    func ring(_ corners: [(Double, Double)]) -> [GeoPoint] {
      (corners + [corners[0]]).map { GeoPoint(latitude: $0.1, longitude: $0.0) }
    }
    let region = GeoRegion(polygons: [
      GeoRegion.Polygon(rings: [
        ring([(-45, -35), (45, -35), (45, 35), (-45, 35)]), ring([(-5, -5), (5, -5), (5, 5), (-5, 5)]),
      ])
    ])
    let kept = self.ids(QuakesQuery.Filter(within: region))
    #expect(kept == self.bruteForce { region.contains($0.epicentre) })
    #expect(kept.contains("g30_40") && !kept.contains("g0_0") && !kept.contains("g40_0"))
  }

  @Test("sort by distance from the near centre, nearest first forward, with distances in the page's origin")
  func sortByDistance() {
    let centre = GeoPoint(latitude: 41, longitude: -21)
    let query = QuakesQuery(
      filter: QuakesQuery.Filter(near: GeoCircle(centre: centre, radiusKm: 3_000)), sort: .distance, order: .forward)
    let page = self.state.selectQuakesPage(query)
    let distances = page.quakes.map { Earth.distanceKm(centre, $0.epicentre) }
    #expect(page.quakes.first?.id == "g40_-20")
    #expect(distances == distances.sorted())
    #expect(page.origin == centre)
    let reverse = self.state.selectQuakesPage(QuakesQuery(filter: query.filter, sort: .distance, order: .reverse))
    #expect(reverse.quakes.map(\.id) == page.quakes.map(\.id).reversed())
  }
}
