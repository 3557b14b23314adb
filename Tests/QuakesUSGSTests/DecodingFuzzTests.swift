import QuakesData
import QuakesTestSupport
import QuakesUSGS
import Testing
import USGSStandIn

/// The decoder on broken bodies: every truncation of a feed, and seeded
/// random mutations. Each must decode or throw a ``FeedDecodingError``;
/// none may crash, trap or read outside the body (run under a sanitizer
/// to check the last).
@Suite("GeoJSONFeedDecoder: truncations and random mutations")
struct DecodingFuzzTests {
  /// A feed with every kind of value, escapes and whitespace: the synthetic
  /// seed for the mutations when the real feeds are absent.
  private static let syntheticFeed = Array(
    DecodingFeeds.collection([
      DecodingFeeds.feature(),
      DecodingFeeds.feature(
        id: #""nc\u0032""#,
        properties: DecodingFeeds.properties([
          ("place", #""\ud83c\udf0b San Jos\u00e9 \"x\" \\ \/""#), ("mag", "-1.64E+0"), ("tz", "-420"),
          ("extra", #"{"a":[1,2.5e-3,{"b":[true,false,null]}]}"#),
        ]),
        geometry: #"{ "type" : "Point", "coordinates" : [ -122 , 37.25 , -10 ] }"#),
      DecodingFeeds.feature(id: nil),
    ]).utf8)

  /// The real hour feed if present, else the synthetic one.
  private static func seedFeed() throws -> [UInt8] {
    Fixtures.isAvailable ? try Fixtures.bytes("all_hour-2022-03-15T1024Z-tranxuanloc.geojson") : self.syntheticFeed
  }

  @Test("every strict prefix of a feed is refused as cut short")
  func truncations() throws {
    for feed in [Self.syntheticFeed, try Self.seedFeed()] {
      let whole = try GeoJSONFeedDecoder.decode(feed)
      #expect(!whole.quakes.isEmpty)
      var end = feed.count
      while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(feed[end - 1]) { end -= 1 }
      for length in 0..<end {
        let message = DecodingFeeds.message(Array(feed[..<length]))
        let ok =
          length == 0 ? message?.contains("empty") == true : message?.contains("the download was cut short") == true
        if !ok {
          Issue.record("a prefix of \(length) bytes: \(message ?? "decoded")")
          break
        }
      }
    }
  }

  @Test("random mutations of a feed decode or throw, never crash")
  func mutations() throws {
    let feed = try Self.seedFeed()
    var random = SplitMix64(seed: 0xF00D)
    let interesting = Array(#"{}[]",:\/-+.0123456789eEtrufalsn u"#.utf8) + [0x00, 0x0A, 0x0D, 0x7F, 0x80, 0xC3, 0xFF]
    var outcomes = (decoded: 0, refused: 0)
    for _ in 0..<2_000 {
      var bytes = feed
      for _ in 0...random.next(below: 4) {
        let position = random.next(below: bytes.count)
        switch random.next(below: 5) {
        case 0: bytes[position] = interesting[random.next(below: interesting.count)]
        case 1: bytes[position] = UInt8(truncatingIfNeeded: random.next())
        case 2: bytes.insert(interesting[random.next(below: interesting.count)], at: position)
        case 3: bytes.removeSubrange(position..<min(bytes.count, position + random.next(below: 40) + 1))
        default:
          let end = min(bytes.count, position + random.next(below: 200) + 1)
          bytes.insert(contentsOf: bytes[position..<end], at: random.next(below: bytes.count))
        }
        if bytes.isEmpty { bytes = feed }
      }
      do {
        let batch = try GeoJSONFeedDecoder.decode(bytes)
        #expect(batch.quakes.count + batch.skippedFeatures <= bytes.count)
        outcomes.decoded += 1
      } catch {
        #expect(!error.message.isEmpty)
        outcomes.refused += 1
      }
    }
    #expect(outcomes.decoded > 0 && outcomes.refused > 0)
  }

  @Test("random byte soups decode or throw, never crash")
  func soups() {
    var random = SplitMix64(seed: 0xBEEF)
    let alphabet = Array(#"{}[]",:\-.0123456789eE ntrufals"#.utf8) + [0x00, 0xE2, 0x80]
    for round in 0..<3_000 {
      let length = random.next(below: 64)
      var bytes = Array(#"{"type":"FeatureCollection","features":[{"id":"a","properties":{"time":1,"#.utf8)
      if round.isMultiple(of: 2) { bytes.removeAll() }
      for _ in 0..<length {
        bytes.append(
          round.isMultiple(of: 3)
            ? UInt8(truncatingIfNeeded: random.next()) : alphabet[random.next(below: alphabet.count)])
      }
      if let message = DecodingFeeds.message(bytes) {
        #expect(!message.isEmpty)
      }
    }
  }
}
