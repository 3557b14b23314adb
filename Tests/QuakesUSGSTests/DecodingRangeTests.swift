import Foundation
import QuakesModel
import QuakesUSGS
import Testing

/// Every number a feature carries, at and beyond the edges of
/// ``QuakeRanges``: a value no real event has is refused where it enters, so
/// nothing downstream (the database write, the wire's ISO 8601 times, the
/// client's parser) ever meets it.
@Suite("GeoJSONFeedDecoder: values at their extremes")
struct DecodingRangeTests {
  private typealias Feeds = DecodingFeeds

  private static let firstMillisecond = "\(QuakeRanges.milliseconds.lowerBound)"
  private static let lastMillisecond = "\(QuakeRanges.milliseconds.upperBound)"

  @Test(
    "a feature with a value outside its range is skipped and counted",
    arguments: [
      ("time", "9223372036854775807"),
      ("time", "-9223372036854775808"),
      ("time", "9000000000000000"),
      ("time", "\(QuakeRanges.milliseconds.upperBound + 1)"),
      ("time", "\(QuakeRanges.milliseconds.lowerBound - 1)"),
      ("time", "1e18"),
      ("updated", "9223372036854775807"),
      ("updated", "9000000000000000"),
      ("updated", "-1e17"),
      ("mag", "1e308"),
      ("mag", "-1e308"),
      ("mag", "12.01"),
      ("mag", "-10.5"),
    ])
  func propertyOutOfRange(key: String, value: String) throws {
    let batch = try Feeds.decode(
      Feeds.collection([
        Feeds.feature(id: #""before""#),
        Feeds.feature(properties: Feeds.properties([(key, value)])),
        Feeds.feature(id: #""after""#),
      ]))

    #expect(batch.quakes.map(\.id) == ["before", "after"])
    #expect(batch.skippedFeatures == 1)
  }

  @Test(
    "a feature with coordinates outside their range is skipped and counted",
    arguments: [
      "[-122.5,1e308,8.5]",
      "[-122.5,90.000001,8.5]",
      "[-122.5,-90.5,8.5]",
      "[1e308,37.25,8.5]",
      "[-540.01,37.25,8.5]",
      "[541,37.25,8.5]",
      "[-122.5,37.25,1e308]",
      "[-122.5,37.25,-1e308]",
      "[-122.5,37.25,1000.5]",
      "[-122.5,37.25,-101]",
    ])
  func coordinatesOutOfRange(coordinates: String) throws {
    let geometry = #"{"type":"Point","coordinates":\#(coordinates)}"#
    let batch = try Feeds.decode(
      Feeds.collection([Feeds.feature(id: #""before""#), Feeds.feature(geometry: geometry)]))

    #expect(batch.quakes.map(\.id) == ["before"])
    #expect(batch.skippedFeatures == 1)
  }

  @Test("the edges of every range are accepted as sent")
  func edgesAccepted() throws {
    let properties = Feeds.properties([
      ("time", Self.firstMillisecond), ("updated", Self.lastMillisecond), ("mag", "12"),
    ])
    let geometry = #"{"type":"Point","coordinates":[-180,-90,1000]}"#
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: properties, geometry: geometry)))

    #expect(Timestamp.milliseconds(quake.time) == QuakeRanges.milliseconds.lowerBound)
    #expect(Timestamp.milliseconds(quake.updated) == QuakeRanges.milliseconds.upperBound)
    #expect(Timestamp.iso8601(quake.time) == "0001-01-01T00:00:00.000Z")
    #expect(Timestamp.iso8601(quake.updated) == "9999-12-31T23:59:59.999Z")
    #expect(quake.magnitude == 12)
    #expect(quake.longitude == -180 && quake.latitude == -90 && quake.depth == 1000)

    let other = try #require(
      try Feeds.quake(
        Feeds.feature(
          properties: Feeds.properties([("mag", "-10")]),
          geometry: #"{"type":"Point","coordinates":[180,90,-100]}"#)))
    #expect(other.magnitude == -10)
    #expect(other.longitude == 180 && other.latitude == 90 && other.depth == -100)
  }

  @Test(
    "a longitude up to one turn beyond ±180 is wrapped onto the same meridian",
    arguments: [
      (-180.25, 179.75), (180.5, -179.5), (359.0, -1.0), (-359.0, 1.0), (540.0, -180.0), (-540.0, -180.0),
    ])
  func longitudeWrapped(sent: Double, kept: Double) throws {
    let geometry = #"{"type":"Point","coordinates":[\#(sent),37.25,8.5]}"#
    let quake = try #require(try Feeds.quake(Feeds.feature(geometry: geometry)))

    #expect(quake.longitude == kept)
  }

  @Test(
    "a generated time outside the range is no generated time: the batch neither deletes nor is skipped",
    arguments: ["9223372036854775807", "9000000000000000", "-1e17", "1e300"])
  func generatedOutOfRange(generated: String) throws {
    let batch = try Feeds.decode(Feeds.collection([Feeds.feature()], generated: generated))

    #expect(batch.generated == nil)
    #expect(batch.quakes.count == 1)
  }

  @Test(
    "a value of the wrong type is no value: time skips the feature, the others stay unknown",
    arguments: [
      ("time", "true", true), ("time", "[1]", true), ("time", #"{"ms":1}"#, true),
      ("mag", #""4.5""#, false), ("mag", "true", false), ("updated", #""now""#, false),
      ("place", "42", false), ("status", "[]", false), ("type", "{}", false), ("ids", "7", false),
    ])
  func wrongTypes(key: String, value: String, skips: Bool) throws {
    let batch = try Feeds.decode(Feeds.collection([Feeds.feature(properties: Feeds.properties([(key, value)]))]))

    #expect(batch.skippedFeatures == (skips ? 1 : 0))
    #expect(batch.quakes.count == (skips ? 0 : 1))
  }
}
