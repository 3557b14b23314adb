import Foundation
import QuakesModel
import QuakesTestSupport
import Testing
import USGSStandIn

/// Every property of every feature of real USGS feeds, as `quakectl show ID
/// --format json` prints it after a real quakesd polled the feed: the same
/// value as the feed's, under its documented name (docs/cli.md).
@Suite(
  "Every USGS property, from a real feed to quakectl show",
  .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)), .timeLimit(.minutes(3)))
struct RealFeedPropertiesTests {
  /// Feeds of three API versions: 1.0.9 (2013: upper-case statuses, no
  /// titles), 1.10.3 and 2.7.0 (alerts, felt reports, tsunami flags).
  @Test(
    "quakectl show gives every property of every feature as the feed has it",
    arguments: [
      "all_day-2013-08-07T0246Z-thomjoy.geojson",
      "all_hour-2022-03-15T1024Z-tranxuanloc.geojson",
      "significant_month-2026-08-15T0729Z-JovaniPink.geojson",
    ])
  func everyProperty(fixture: String) async throws {
    let bytes = try Fixtures.bytes(fixture)
    let feed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let features = try #require(feed["features"] as? [[String: Any]])
    #expect(!features.isEmpty)
    try await withDaemon(servingFeed: bytes) { daemon, _ in
      for feature in features {
        let id = try #require(feature["id"] as? String)
        let show = try await quakectl(["show", id, "--format", "json"], daemon: daemon)
        // The cache keeps quakes of magnitude above 0, as the seed does (docs/architecture.md).
        let magnitude = ((feature["properties"] as? [String: Any])?["mag"] as? NSNumber)?.doubleValue ?? 0
        guard magnitude > 0 else {
          #expect(show.status == 10, "\(id) of magnitude \(magnitude) is not cached")
          continue
        }
        #expect(show.status == 0, "\(id): \(show.errors)")
        let shown = try #require(show.json as? [String: Any], "\(id): \(show.output)")
        Self.compare(feature, shown, id: id)
      }
    }
  }

  /// Each USGS property, the name quakectl prints it under, and how its
  /// value is written there.
  private static let properties: [(usgs: String, ours: String, convert: Conversion)] = [
    ("mag", "magnitude", .same), ("place", "place", .same), ("time", "time", .iso8601),
    ("updated", "updated", .iso8601), ("tz", "timeZoneOffset", .same), ("url", "url", .same),
    ("detail", "detail", .same), ("felt", "felt", .same), ("cdi", "cdi", .same), ("mmi", "mmi", .same),
    ("alert", "alert", .lowercased), ("status", "status", .lowercased), ("tsunami", "tsunami", .flag),
    ("sig", "significance", .same), ("net", "network", .same), ("code", "code", .same), ("ids", "ids", .list),
    ("sources", "sources", .list), ("types", "productTypes", .list), ("nst", "stationCount", .same),
    ("dmin", "minimumDistance", .same), ("rms", "rootMeanSquare", .same), ("gap", "azimuthalGap", .same),
    ("magType", "magnitudeType", .same), ("type", "eventType", .same), ("title", "title", .same),
  ]

  /// How a USGS value is written by quakectl.
  private enum Conversion {
    /// As it is (numbers compared as numbers).
    case same
    /// Epoch milliseconds as ISO 8601 UTC with milliseconds.
    case iso8601
    /// A word in lower case (quakesd keeps statuses and alert levels lower-cased).
    case lowercased
    /// 0/1 as false/true.
    case flag
    /// A comma-wrapped string as an array of its elements.
    case list
  }

  private static func compare(_ feature: [String: Any], _ shown: [String: Any], id: String) {
    let properties = feature["properties"] as? [String: Any] ?? [:]
    #expect(Set(properties.keys).isSubset(of: Set(Self.properties.map(\.usgs))), "\(id): a property not compared")
    for (usgs, ours, conversion) in Self.properties {
      let expected = Self.converted(properties[usgs], conversion)
      let actual = shown[ours]
      #expect(
        Self.same(expected, actual),
        "\(id).\(usgs): feed \(String(describing: expected)), shown \(String(describing: actual))")
    }
    let coordinates = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? []
    #expect(Self.same(coordinates.first, shown["longitude"]), "\(id): longitude")
    #expect(Self.same(coordinates.dropFirst().first, shown["latitude"]), "\(id): latitude")
    #expect(Self.same(coordinates.dropFirst(2).first, shown["depth"]), "\(id): depth")
    #expect(shown["id"] as? String == id)
  }

  private static func converted(_ value: Any?, _ conversion: Conversion) -> Any? {
    guard let value, !(value is NSNull) else { return nil }
    switch conversion {
    case .same: return value
    case .iso8601: return (value as? NSNumber).map { Timestamp.iso8601(Timestamp.date(milliseconds: $0.int64Value)) }
    case .lowercased: return (value as? String)?.lowercased()
    case .flag: return (value as? NSNumber).map { $0.intValue != 0 }
    case .list: return (value as? String)?.split(separator: ",").map(String.init)
    }
  }

  /// Whether two JSON values are the same: numbers by value, null and absent alike.
  private static func same(_ expected: Any?, _ actual: Any?) -> Bool {
    let actual = actual is NSNull ? nil : actual
    switch (expected, actual) {
    case (nil, nil): return true
    case (let left as Bool, let right as Bool): return left == right
    case (let left as NSNumber, let right as NSNumber): return left.doubleValue == right.doubleValue
    case (let left as Double, let right as NSNumber): return left == right.doubleValue
    case (let left as String, let right as String): return left == right
    case (let left as [String], let right as [String]): return left == right
    default: return false
    }
  }
}
