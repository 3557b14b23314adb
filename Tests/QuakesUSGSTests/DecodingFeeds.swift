import QuakesData
import QuakesModel
import QuakesUSGS

/// USGS feeds made in code, one edge case at a time, for the decoder's tests.
///
/// ``feature(id:properties:geometry:)`` writes a feature as USGS does (keys
/// `type, properties, geometry, id`; the 26 property keys of API 1.10), and
/// ``properties(_:)`` changes, adds or drops some of its properties.
enum DecodingFeeds {
  /// The standard feature's `time` and `updated`, in epoch milliseconds.
  static let time: Int64 = 1_618_602_998_000
  static let updated: Int64 = 1_618_603_998_123
  /// The standard feed's `metadata.generated`.
  static let generated: Int64 = 1_618_603_000_000

  /// The standard feature's properties, in USGS's order, as JSON text.
  static let standardProperties: [(key: String, value: String)] = [
    ("mag", "2.5"), ("place", #""10 km N of Testville, CA""#), ("time", "\(time)"), ("updated", "\(updated)"),
    ("tz", "null"), ("url", #""https://earthquake.usgs.gov/earthquakes/eventpage/us7000abcd""#),
    ("detail", #""https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/us7000abcd.geojson""#),
    ("felt", "null"), ("cdi", "null"), ("mmi", "null"), ("alert", "null"), ("status", #""reviewed""#),
    ("tsunami", "0"), ("sig", "96"), ("net", #""us""#), ("code", #""7000abcd""#),
    ("ids", #"",us7000abcd,at00xyz,""#), ("sources", #"",us,at,""#), ("types", #"",origin,phase-data,""#),
    ("nst", "12"), ("dmin", "0.5"), ("rms", "0.7"), ("gap", "80"), ("magType", #""mb""#),
    ("type", #""earthquake""#), ("title", #""M 2.5 - 10 km N of Testville, CA""#),
  ]

  /// The standard properties with `changes` applied: a key mapped to a value
  /// replaces (or, when new, is appended), a key mapped to `nil` is dropped.
  static func properties(_ changes: [(key: String, value: String?)] = []) -> String {
    var pairs = self.standardProperties.map { ($0.key, Optional($0.value)) }
    for (key, value) in changes {
      if let position = pairs.firstIndex(where: { $0.0 == key }) {
        pairs[position].1 = value
      } else {
        pairs.append((key, value))
      }
    }
    return "{" + pairs.compactMap { key, value in value.map { "\"\(key)\":\($0)" } }.joined(separator: ",") + "}"
  }

  /// The standard geometry: longitude -122.5, latitude 37.25, depth 8.5.
  static let geometry = #"{"type":"Point","coordinates":[-122.5,37.25,8.5]}"#

  /// A feature as USGS writes it; `id` is JSON text (so `nil` leaves it out).
  static func feature(
    id: String? = #""us7000abcd""#,
    properties: String = Self.properties(),
    geometry: String = Self.geometry
  ) -> String {
    #"{"type":"Feature","properties":\#(properties),"geometry":\#(geometry)"#
      + (id.map { #","id":\#($0)"# } ?? "") + "}"
  }

  /// A FeatureCollection of `features` as USGS writes it.
  static func collection(_ features: [String], generated: String = "\(generated)") -> String {
    #"{"type":"FeatureCollection","metadata":{"generated":\#(generated),"#
      + #""url":"https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson","#
      + #""title":"USGS All Earthquakes, Past Day","status":200,"api":"1.10.3","count":\#(features.count)},"#
      + #""features":[\#(features.joined(separator: ",\n"))],"bbox":[-122.5,37.25,8.5,-122.5,37.25,8.5]}"#
  }

  /// The standard feature's quake.
  static let standardQuake = Quake(
    id: "us7000abcd", magnitude: 2.5, magnitudeType: "mb", time: Timestamp.date(milliseconds: time),
    updated: Timestamp.date(milliseconds: updated), place: "10 km N of Testville, CA", longitude: -122.5,
    latitude: 37.25, depth: 8.5, url: "https://earthquake.usgs.gov/earthquakes/eventpage/us7000abcd",
    status: .reviewed, eventType: "earthquake",
    impact: QuakeImpact(tsunami: false, significance: 96),
    solution: QuakeSolution(stationCount: 12, minimumDistance: 0.5, rootMeanSquare: 0.7, azimuthalGap: 80),
    catalog: QuakeCatalogEntry(
      title: "M 2.5 - 10 km N of Testville, CA", network: "us", code: "7000abcd",
      ids: CommaWrappedList(["us7000abcd", "at00xyz"]), sources: CommaWrappedList(["us", "at"]),
      productTypes: CommaWrappedList(["origin", "phase-data"]),
      detail: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/us7000abcd.geojson"))

  /// Decodes `text` with the fast decoder.
  static func decode(_ text: String) throws(FeedDecodingError) -> FeedBatch {
    try GeoJSONFeedDecoder.decode(Array(text.utf8))
  }

  /// The one quake of a feed of the single feature `feature`, or `nil`.
  static func quake(_ feature: String) throws(FeedDecodingError) -> Quake? {
    try self.decode(self.collection([feature])).quakes.first
  }

  /// The message `bytes` is refused with, or `nil` when they decode.
  static func message(_ bytes: [UInt8]) -> String? {
    do {
      _ = try GeoJSONFeedDecoder.decode(bytes)
      return nil
    } catch {
      return error.message
    }
  }

  /// The message `text` is refused with, or `nil` when it decodes.
  static func message(_ text: String) -> String? {
    self.message(Array(text.utf8))
  }
}
