import Foundation
import QuakesModel
import QuakesTestSupport
import Testing
import USGSStandIn

/// `quakectl list` and `count` by place, against a real quakesd that polled
/// a real feed: exactly the quakes a brute-force pass over the feed keeps.
@Suite(
  "Filters by place on a real feed, end to end",
  .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)), .timeLimit(.minutes(3)))
struct RealFeedPlaceTests {
  /// The epicentres of the cached quakes of the fixture (magnitude above 0), by id.
  private static func epicentres(_ bytes: [UInt8]) throws -> [String: GeoPoint] {
    let feed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    var points: [String: GeoPoint] = [:]
    for feature in feed["features"] as? [[String: Any]] ?? [] {
      let magnitude = ((feature["properties"] as? [String: Any])?["mag"] as? NSNumber)?.doubleValue ?? 0
      let coordinates = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? []
      guard magnitude > 0, let id = feature["id"] as? String, coordinates.count >= 2,
        let longitude = QuakeRanges.longitude(fromFeed: coordinates[0])
      else { continue }
      points[id] = GeoPoint(latitude: coordinates[1], longitude: longitude)
    }
    return points
  }

  @Test("near with a radius, a box across the antimeridian and a polygon with a hole keep what brute force keeps")
  func places() async throws {
    let bytes = try Fixtures.bytes("2.5_month-2025-10-29T2039Z-sgoggins.geojson")
    let epicentres = try Self.epicentres(bytes)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let polygon = directory.file("alaska.geojson")
    // Southern Alaska, with Cook Inlet cut out.
    try Data(
      #"""
      {"type":"Feature","properties":{"name":"southern Alaska"},"geometry":{"type":"Polygon","coordinates":[
        [[-165,52],[-140,52],[-140,65],[-165,65],[-165,52]],
        [[-154,59],[-149,59],[-149,62],[-154,62],[-154,59]]]}}
      """#.utf8
    ).write(to: URL(fileURLWithPath: polygon))
    let anchorage = GeoPoint(latitude: 61.2, longitude: -149.9)
    let tokyo = GeoPoint(latitude: 35.7, longitude: 139.7)
    let tonga = GeoPoint(latitude: -20, longitude: -175)
    let box = GeoBox(minLatitude: -25, maxLatitude: -10, minLongitude: 165, maxLongitude: -170)
    let hole = GeoBox(minLatitude: 59, maxLatitude: 62, minLongitude: -154, maxLongitude: -149)
    let outer = GeoBox(minLatitude: 52, maxLatitude: 65, minLongitude: -165, maxLongitude: -140)
    let cases: [(flags: [String], keeps: (GeoPoint) -> Bool)] = [
      (["--near", "61.2,-149.9", "--radius", "300km"], { Earth.distanceKm(anchorage, $0) <= 300 }),
      (["--near", "35.7,139.7", "--radius", "500mi"], { Earth.distanceKm(tokyo, $0) <= 500 * 1.609_344 }),
      (["--bbox", "-25,165,-10,-170"], { box.contains($0) }),
      (["--within", polygon], { outer.contains($0) && !hole.contains($0) }),
      (["--near", "61.2,-149.9", "--radius", "20000"], { _ in true }),
      (["--near", "-20,-175", "--radius", "1000km"], { Earth.distanceKm(tonga, $0) <= 1_000 }),
    ]
    try await withDaemon(servingFeed: bytes) { daemon, _ in
      for (flags, keeps) in cases {
        let expected = Set(epicentres.filter { keeps($0.value) }.keys)
        #expect(!expected.isEmpty, "\(flags) keeps nothing of the fixture: the case tests nothing")
        let list = try await quakectl(["list", "--format", "json"] + flags, daemon: daemon)
        #expect(list.status == 0, "\(flags): \(list.errors)")
        let listed = Set((list.json as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(listed == expected, "\(flags): \(listed.symmetricDifference(expected).sorted())")
        let count = try await quakectl(["count", "--format", "json"] + flags, daemon: daemon)
        #expect((count.json as? [String: Any])?["count"] as? Int == expected.count, "\(flags): \(count.output)")
      }
      #expect(Set(epicentres.keys).count > 1_000)
    }
  }

  @Test("near with --sort distance: the nearest first, each with its distance and bearing, in every format")
  func nearest() async throws {
    let bytes = try Fixtures.bytes("2.5_month-2025-10-29T2039Z-sgoggins.geojson")
    let epicentres = try Self.epicentres(bytes)
    let anchorage = GeoPoint(latitude: 61.2, longitude: -149.9)
    let nearest = epicentres.sorted { Earth.distanceKm(anchorage, $0.value) < Earth.distanceKm(anchorage, $1.value) }
      .prefix(5).map(\.key)
    try await withDaemon(servingFeed: bytes) { daemon, _ in
      let flags = ["--near", "61.2,-149.9", "--sort", "distance", "--forward", "--limit", "5"]
      let json = try await quakectl(["list", "--format", "json"] + flags, daemon: daemon)
      let quakes = json.json as? [[String: Any]] ?? []
      #expect(quakes.compactMap { $0["id"] as? String } == Array(nearest))
      for quake in quakes {
        let id = quake["id"] as? String ?? ""
        let distance = try #require(quake["distanceKm"] as? Double, "\(id) has no distanceKm")
        #expect(abs(distance - Earth.distanceKm(anchorage, epicentres[id] ?? anchorage)) < 1e-6)
        let bearing = try #require(quake["bearing"] as? Double)
        #expect((0..<360).contains(bearing))
      }
      let csv = try await quakectl(["list", "--format", "csv"] + flags, daemon: daemon)
      #expect(
        csv.output.hasPrefix("id,") && csv.output.contains(",distance_km,bearing\r\n"), "\(csv.output.prefix(400))")
      let table = try await quakectl(["list", "--format", "table"] + flags, daemon: daemon)
      #expect(table.output.contains("DISTANCE") && table.output.contains(" km "), "\(table.output)")
      let plain = try await quakectl(["list", "--format", "json", "--limit", "1"], daemon: daemon)
      #expect((plain.json as? [[String: Any]])?.first?["distanceKm"] == nil, "no distance without --near")
    }
  }
}
