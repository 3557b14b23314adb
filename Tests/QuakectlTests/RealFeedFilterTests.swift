import Foundation
import QuakesTestSupport
import Testing
import USGSStandIn

/// `quakectl list` and `count` with each filter by impact, depth and
/// catalogue, against a real quakesd that polled a real feed: exactly the
/// quakes a brute-force check over the feed's own JSON keeps.
@Suite(
  "Filters by impact, depth and catalogue, on a real feed, end to end",
  .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)), .timeLimit(.minutes(3)))
struct RealFeedFilterTests {
  static let fixture = "2.5_month-2025-10-29T2039Z-sgoggins.geojson"

  /// A filter: its flags, and the same condition written on a feature's USGS properties and coordinates.
  struct Case: Sendable, CustomStringConvertible {
    let flags: [String]
    let keeps: @Sendable ([String: Any], [Double]) -> Bool
    var description: String { self.flags.joined(separator: " ") }
  }

  private static func number(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
  }

  static let cases: [Case] = [
    Case(flags: ["--min-alert", "yellow"]) { p, _ in ["yellow", "orange", "red"].contains(p["alert"] as? String ?? "")
    },
    Case(flags: ["--tsunami"]) { p, _ in number(p["tsunami"]) == 1 },
    Case(flags: ["--min-felt", "100"]) { p, _ in (number(p["felt"]) ?? -1) >= 100 },
    Case(flags: ["--min-significance", "600"]) { p, _ in (number(p["sig"]) ?? -1) >= 600 },
    Case(flags: ["--min-mmi", "4.5"]) { p, _ in (number(p["mmi"]) ?? -1) >= 4.5 },
    Case(flags: ["--min-cdi", "3"]) { p, _ in (number(p["cdi"]) ?? -1) >= 3 },
    Case(flags: ["--max-depth", "5"]) { _, c in c.count > 2 && c[2] <= 5 },
    Case(flags: ["--min-depth", "300"]) { _, c in c.count > 2 && c[2] >= 300 },
    Case(flags: ["--min-depth", "-5", "--max-depth", "0"]) { _, c in c.count > 2 && c[2] >= -5 && c[2] <= 0 },
    Case(flags: ["--max-magnitude", "2.6"]) { p, _ in (number(p["mag"]) ?? 99) <= 2.6 },
    Case(flags: ["--network", "AK"]) { p, _ in (p["net"] as? String)?.lowercased() == "ak" },
    Case(flags: ["--event-type", "explosion"]) { p, _ in (p["type"] as? String)?.lowercased() == "explosion" },
    Case(flags: ["--status", "reviewed"]) { p, _ in (p["status"] as? String)?.lowercased() == "reviewed" },
    Case(flags: ["--magnitude-type", "MWW"]) { p, _ in (p["magType"] as? String)?.lowercased() == "mww" },
    Case(flags: ["--min-magnitude", "4", "--max-depth", "20", "--status", "reviewed"]) { p, c in
      (number(p["mag"]) ?? -1) >= 4 && c.count > 2 && c[2] <= 20 && (p["status"] as? String) == "reviewed"
    },
  ]

  @Test("list and count keep exactly what a brute-force check over the feed keeps")
  func everyFilter() async throws {
    let bytes = try Fixtures.bytes(Self.fixture)
    let feed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let features = try #require(feed["features"] as? [[String: Any]])
    // The cache keeps quakes of magnitude above 0 (docs/architecture.md).
    let cached = features.filter { (Self.number(($0["properties"] as? [String: Any])?["mag"]) ?? 0) > 0 }
    try await withDaemon(servingFeed: bytes) { daemon, _ in
      for filter in Self.cases {
        let expected = Set(
          cached.filter { feature in
            let properties = feature["properties"] as? [String: Any] ?? [:]
            let coordinates = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? []
            return filter.keeps(properties, coordinates)
          }.compactMap { $0["id"] as? String })
        #expect(!expected.isEmpty, "\(filter) keeps nothing of the fixture: the case tests nothing")
        let list = try await quakectl(["list", "--format", "json"] + filter.flags, daemon: daemon)
        #expect(list.status == 0, "\(filter): \(list.errors)")
        let listed = Set((list.json as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(listed == expected, "\(filter): \(listed.symmetricDifference(expected).sorted())")
        let count = try await quakectl(["count", "--format", "json"] + filter.flags, daemon: daemon)
        #expect((count.json as? [String: Any])?["count"] as? Int == expected.count, "\(filter): \(count.output)")
      }
      let nothing = try await quakectl(["count", "--format", "json"], daemon: daemon)
      #expect((nothing.json as? [String: Any])?["count"] as? Int == cached.count)
    }
  }
}
