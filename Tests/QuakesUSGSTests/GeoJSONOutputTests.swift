import Foundation
import QuakesClient
import QuakesModel
import QuakesTestSupport
import QuakesUSGS
import Testing

/// `quakectl --format geojson` writes a USGS summary feed: the decoder that
/// reads USGS's feeds reads it back to the very same quakes.
@Suite("quakectl's GeoJSON is a USGS feed")
struct GeoJSONOutputTests {
  @Test(
    "every real feed, decoded, written as GeoJSON and decoded again, gives the same quakes",
    .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)), arguments: Fixtures.feeds)
  func roundTrip(name: String) throws {
    let quakes = try GeoJSONFeedDecoder.decode(Fixtures.bytes(name)).quakes
    let now = Date(timeIntervalSince1970: 1_700_000_000.5)

    let written = try QuakeOutput(utc: true, colour: false, now: now).geoJSON(quakes)
    let batch = try GeoJSONFeedDecoder.decode([UInt8](written))

    #expect(batch.quakes == quakes)
    #expect(batch.skippedFeatures == 0)
    #expect(batch.generated == Timestamp.date(milliseconds: 1_700_000_000_500))
  }

  @Test("the properties are USGS's 26, with USGS's encodings")
  func usgsProperties() throws {
    let quake = Quake(
      id: "us7000m1x2", magnitude: 6.4, magnitudeType: "mww", time: Timestamp.date(milliseconds: 1_712_000_000_123),
      updated: Timestamp.date(milliseconds: 1_712_000_100_000), place: "Hualien City, Taiwan", longitude: 121.56,
      latitude: 23.9, depth: nil, url: nil, status: .reviewed, eventType: "earthquake",
      impact: QuakeImpact(felt: 12, alert: .orange, tsunami: true, significance: 1_196),
      catalog: QuakeCatalogEntry(ids: CommaWrappedList(["us7000m1x2", "at00sb2x3"]), timeZoneOffset: 480))
    let written = try QuakeOutput(utc: true, colour: false).geoJSON([quake])
    let collection = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    let feature = try #require((collection["features"] as? [[String: Any]])?.first)
    let properties = try #require(feature["properties"] as? [String: Any])

    #expect(feature["id"] as? String == "us7000m1x2")
    #expect((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [121.56, 23.9])
    #expect(properties.count == 26)
    #expect(properties["mag"] as? Double == 6.4)
    #expect(properties["time"] as? Int64 == 1_712_000_000_123)
    #expect(properties["tsunami"] as? Int == 1)
    #expect(properties["alert"] as? String == "orange")
    #expect(properties["sig"] as? Int == 1_196)
    #expect(properties["ids"] as? String == ",us7000m1x2,at00sb2x3,")
    #expect(properties["tz"] as? Int == 480)
    #expect(properties["url"] is NSNull && properties["types"] is NSNull && properties["nst"] is NSNull)
    #expect((collection["metadata"] as? [String: Any])?["count"] as? Int == 1)
  }
}
