import Foundation
import QuakesData
import QuakesModel
import QuakesUSGS
import Testing
import USGSStandIn

/// The decoder on feeds made in code: the mapping, and every tolerated
/// oddity of real feeds, one at a time.
@Suite("GeoJSONFeedDecoder: synthetic feeds")
struct DecodingSyntheticTests {
  private typealias Feeds = DecodingFeeds

  @Test("a USGS feature maps onto every field of a quake, and the batch onto the feed")
  func mapping() throws {
    let batch = try Feeds.decode(Feeds.collection([Feeds.feature()]))

    #expect(batch.quakes == [Feeds.standardQuake])
    let quake = try #require(batch.quakes.first)
    #expect(quake.magnitude == 2.5)
    #expect(quake.magnitudeType == "mb")
    #expect(quake.time == Timestamp.date(milliseconds: Feeds.time))
    #expect(quake.updated == Timestamp.date(milliseconds: Feeds.updated))
    #expect(quake.place == "10 km N of Testville, CA")
    #expect(quake.longitude == -122.5 && quake.latitude == 37.25 && quake.depth == 8.5)
    #expect(quake.url == "https://earthquake.usgs.gov/earthquakes/eventpage/us7000abcd")
    #expect(quake.status == .reviewed)
    #expect(quake.eventType == "earthquake")
    #expect(batch.generated == Timestamp.date(milliseconds: Feeds.generated))
    #expect(batch.otherIds == ["us7000abcd": ["at00xyz"]])
    #expect(batch.skippedFeatures == 0)
    #expect(batch.validators == FeedValidators())
  }

  @Test("features keep their feed order")
  func order() throws {
    let ids = (0..<50).map { "tt\($0)" }
    let batch = try Feeds.decode(Feeds.collection(ids.map { Feeds.feature(id: "\"\($0)\"") }))

    #expect(batch.quakes.map(\.id) == ids)
  }

  @Test(
    "string escapes are resolved exactly",
    arguments: [
      (#""say \"hi\"""#, "say \"hi\""),
      (#""back\\slash""#, "back\\slash"),
      (#""a\/b""#, "a/b"),
      (#""line\nbreak\r\ttab\b\f""#, "line\nbreak\r\ttab\u{8}\u{C}"),
      (#""San Jos\u00e9""#, "San José"),
      (#""\u00E9\u00e9""#, "éé"),
      (#""volcano \ud83c\udf0b!""#, "volcano 🌋!"),
      (#""lone \ud83c high""#, "lone \u{FFFD} high"),
      (#""lone \udf0b low""#, "lone \u{FFFD} low"),
      (#""\u0000""#, "\u{0}"),
      (#""Pāhala""#, "Pāhala"),
      (#""CamanÃ¡, Peru""#, "CamanÃ¡, Peru"),
      (#""""#, ""),
    ])
  func escapes(json: String, expected: String) throws {
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: Feeds.properties([("place", json)]))))

    #expect(quake.place == expected)
    #expect(Array(quake.place?.utf8 ?? "".utf8) == Array(expected.utf8))
  }

  @Test("escapes in the id, the ids list, other strings and keys")
  func escapesElsewhere() throws {
    let properties = Feeds.properties([
      ("ids", #"",\u0075s1,at\/2,""#), ("magType", #""m\u0062""#), ("url", #""https:\/\/example.org\/e""#),
      ("status", #""REVIEW\u0045D""#), ("type", #""quarry\u0020blast""#),
    ])
    let feature = Feeds.feature(id: #""\u0075s1""#, properties: properties)
      .replacingOccurrences(of: #""geometry""#, with: #""ge\u006fmetry""#)
    let batch = try Feeds.decode(Feeds.collection([feature]))

    let quake = try #require(batch.quakes.first)
    #expect(quake.id == "us1")
    #expect(batch.otherIds == ["us1": ["at/2"]])
    #expect(quake.magnitudeType == "mb")
    #expect(quake.url == "https://example.org/e")
    #expect(quake.status == .reviewed)
    #expect(quake.eventType == "quarry blast")
    #expect(quake.longitude == -122.5)
  }

  @Test("a place of any length, and invalid UTF-8, stay text")
  func longAndInvalidText() throws {
    let long = String(repeating: "Ã¡ long place ", count: 2_000)
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: Feeds.properties([("place", "\"\(long)\"")]))))
    #expect(quake.place == long)

    var bytes = Array(Feeds.collection([Feeds.feature()]).utf8)
    let place = try #require(bytes.firstRange(of: Array("Testville".utf8)))
    bytes[place.lowerBound] = 0xFF
    let batch = try GeoJSONFeedDecoder.decode(bytes)
    #expect(batch.quakes.first?.place == "10 km N of \u{FFFD}estville, CA")
  }

  @Test(
    "numbers are the correctly rounded doubles of their text",
    arguments: [
      "-0.3", "1e2", "4.46", "10", "-1.64E+0", "0", "-0", "-0.0", "1E-2", "2.5e-3", "0.000123", "-122.8156662",
      "38.7776667", "1.98000002", "123456789012345678901234567890", "9007199254740993", "0.1e-400", "4.9e-324",
      "2.2250738585072011e-308", "1.7976931348623157e308", "0.30000000000000004", "1e22", "1e23",
      "12345678901234567e-5",
      "-0.00000000000000000000000000001", "100000000000000000000000e-20", "7e0", "0e99999",
      // Linux's JSONSerialization reads this one (from the 2.5_month fixture) as -123.50716666666665.
      "-123.50716666666666",
    ])
  func numbers(text: String) throws {
    let expected = try #require(Double(text))
    let decoded = try #require(GeoJSONFeedDecoder.number(text))

    #expect(decoded.bitPattern == expected.bitPattern)
  }

  @Test("a number in range decodes the same in every member that holds one")
  func numbersInMembers() throws {
    for text in ["-0.3", "1e0", "4.46", "10", "-1.64E+0", "0", "-0", "2.5e-3", "7.7776667", "1.98000002", "7e0"] {
      let expected = try #require(Double(text))
      let properties = Feeds.properties([("mag", text)])
      let geometry = #"{"type":"Point","coordinates":[\#(text),\#(text),\#(text)]}"#
      let quake = try #require(try Feeds.quake(Feeds.feature(properties: properties, geometry: geometry)), "\(text)")

      #expect(quake.magnitude?.bitPattern == expected.bitPattern, "\(text)")
      #expect(quake.longitude.bitPattern == expected.bitPattern, "\(text)")
      #expect(quake.latitude.bitPattern == expected.bitPattern, "\(text)")
      #expect(quake.depth?.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test("random decimals decode to exactly what the standard library parses")
  func randomNumbers() throws {
    var generator = SplitMix64(seed: 0x5EED)
    var texts: [String] = []
    for _ in 0..<3_000 {
      let sign = generator.next(below: 2) == 0 ? "" : "-"
      // Within ±180 (a longitude in range): integer parts below 180, exponents up to 0.
      let integer = String(generator.next(below: 180))
      let digits = (0..<generator.next(below: 22)).map { _ in String(generator.next(below: 10)) }.joined()
      let fraction = digits.isEmpty ? "" : "." + digits
      let exponent = generator.next(below: 4) == 0 ? "e-\(generator.next(below: 41))" : ""
      texts.append(sign + integer + fraction + exponent)
    }
    let features = texts.enumerated().map { position, text in
      Feeds.feature(id: "\"n\(position)\"", geometry: #"{"type":"Point","coordinates":[\#(text),1]}"#)
    }
    let batch = try Feeds.decode(Feeds.collection(features))

    #expect(batch.quakes.count == texts.count)
    for (quake, text) in zip(batch.quakes, texts) {
      let expected = try #require(Double(text))
      #expect(quake.longitude.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test(
    "times are epoch milliseconds, written as integers or not",
    arguments: [
      ("1618602998000", Int64(1_618_602_998_000)), ("1.618602998E12", 1_618_602_998_000),
      ("1618602998000.0", 1_618_602_998_000),
      ("-86400000", -86_400_000), ("0", 0),
    ])
  func times(text: String, milliseconds: Int64) throws {
    let properties = Feeds.properties([("time", text), ("updated", text)])
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: properties)))

    #expect(quake.time == Timestamp.date(milliseconds: milliseconds))
    #expect(quake.updated == quake.time)
  }

  @Test("a null or missing updated is the time", arguments: [Optional("null"), nil, #""yesterday""#])
  func updatedDefaultsToTime(updated: String?) throws {
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: Feeds.properties([("updated", updated)]))))

    #expect(quake.updated == Timestamp.date(milliseconds: Feeds.time))
  }

  @Test("every optional field may be null, missing or of another type")
  func nullOptionals() throws {
    let nulls = ["mag", "magType", "place", "url", "status", "type", "ids", "updated"].map { ($0, Optional("null")) }
    let geometry = #"{"type":"Point","coordinates":[-122.5,37.25]}"#
    let batch = try Feeds.decode(
      Feeds.collection([
        Feeds.feature(id: #""null1""#, properties: Feeds.properties(nulls), geometry: geometry),
        Feeds.feature(id: #""missing1""#, properties: Feeds.properties(nulls.map { ($0.0, nil) }), geometry: geometry),
        Feeds.feature(
          id: #""typed1""#,
          properties: Feeds.properties([
            ("mag", #""2.5""#), ("magType", "1"), ("place", "[]"), ("url", "{}"), ("status", "true"), ("type", "false"),
            ("ids", "7"),
          ]),
          geometry: #"{"type":"Point","coordinates":[-122.5,37.25,null]}"#),
      ]))

    #expect(batch.quakes.map(\.id) == ["null1", "missing1", "typed1"])
    for quake in batch.quakes {
      #expect(quake.magnitude == nil && quake.magnitudeType == nil && quake.place == nil && quake.url == nil)
      #expect(quake.status == nil && quake.eventType == nil && quake.depth == nil)
      #expect(quake.longitude == -122.5 && quake.latitude == 37.25)
    }
    #expect(batch.quakes[0].updated == batch.quakes[0].time)
    #expect(batch.otherIds.isEmpty)
    #expect(batch.skippedFeatures == 0)
  }

  @Test(
    "a feature without a usable id, time or coordinates is skipped and counted",
    arguments: [
      Feeds.feature(id: nil),
      Feeds.feature(id: "null"),
      Feeds.feature(id: "42"),
      Feeds.feature(id: #""""#),
      Feeds.feature(properties: Feeds.properties([("time", nil)])),
      Feeds.feature(properties: Feeds.properties([("time", "null")])),
      Feeds.feature(properties: Feeds.properties([("time", #""1618602998000""#)])),
      Feeds.feature(properties: Feeds.properties([("time", "1e300")])),
      Feeds.feature(properties: "null"),
      Feeds.feature(properties: "{}"),
      Feeds.feature(geometry: "null"),
      Feeds.feature(geometry: #"{"type":"Point"}"#),
      Feeds.feature(geometry: #"{"type":"Point","coordinates":[]}"#),
      Feeds.feature(geometry: #"{"type":"Point","coordinates":[-122.5]}"#),
      Feeds.feature(geometry: #"{"type":"Point","coordinates":[null,37.25,8.5]}"#),
      Feeds.feature(geometry: #"{"type":"Point","coordinates":["-122.5","37.25"]}"#),
      Feeds.feature(geometry: #"{"type":"Point","coordinates":[1e999,37.25]}"#),
      Feeds.feature(geometry: #"{"type":"Point","coordinates":{"x":1,"y":2}}"#),
      #"{"type":"Feature"}"#,
      "{}",
      "null",
      "42",
      #""us7000abcd""#,
      "[]",
    ])
  func skipped(feature: String) throws {
    let batch = try Feeds.decode(
      Feeds.collection([Feeds.feature(id: #""before""#), feature, Feeds.feature(id: #""after""#)]))

    #expect(batch.quakes.map(\.id) == ["before", "after"])
    #expect(batch.skippedFeatures == 1)
  }

  @Test("coordinates beyond the third, and a non-finite magnitude, are ignored")
  func extraCoordinates() throws {
    let geometry = #"{"type":"Point","coordinates":[-122.5,37.25,8.5,{"m":1},[2],"x",null,4]}"#
    let quake = try #require(
      try Feeds.quake(Feeds.feature(properties: Feeds.properties([("mag", "-1e999")]), geometry: geometry)))

    #expect(quake.longitude == -122.5 && quake.latitude == 37.25 && quake.depth == 8.5)
    #expect(quake.magnitude == nil)
  }

  @Test("unknown keys, nested objects and arrays anywhere are skipped")
  func unknownKeys() throws {
    let nested = #"{"a":[1,{"b":null,"c":[[],[{}]],"d":"}],\"{"},true,false,-0.5e-7],"e":{"f":{"g":{}}}}"#
    let properties = Feeds.properties([("products", nested), ("mag", "3.25"), ("future", "[1,2,3]")])
    let geometry = #"{"type":"Point","crs":\#(nested),"coordinates":[1,2,3],"extra":[[[]]]}"#
    let feature =
      #"{"type":"Feature","bbox":[0,0,0,0],"foreign":\#(nested),"properties":\#(properties),"#
      + #""geometry":\#(geometry),"id":"x1","more":\#(nested)}"#
    let text =
      #"{"type":"FeatureCollection","crs":\#(nested),"metadata":{"generated":5,"nested":\#(nested)},"#
      + #""features":[\#(feature)],"bbox":[1,2,3,4,5,6],"trailer":\#(nested)}"#
    let batch = try Feeds.decode(text)

    let quake = try #require(batch.quakes.first)
    #expect(quake.id == "x1" && quake.magnitude == 3.25)
    #expect(quake.longitude == 1 && quake.latitude == 2 && quake.depth == 3)
    #expect(batch.generated == Timestamp.date(milliseconds: 5))
  }

  @Test("keys come in any order, at every level")
  func keyOrders() throws {
    let reversed =
      "{" + Feeds.standardProperties.reversed().map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    let features = [
      #"{"id":"us7000abcd","geometry":\#(Feeds.geometry),"properties":\#(reversed),"type":"Feature"}"#,
      #"{"geometry":\#(Feeds.geometry),"type":"Feature","id":"us7000abcd","properties":\#(Feeds.properties())}"#,
      #"{"properties":\#(reversed),"id":"us7000abcd","type":"Feature","geometry":{"coordinates":[-122.5,37.25,8.5],"type":"Point"}}"#,
    ]
    let text =
      #"{"bbox":[],"features":[\#(features.joined(separator: ","))],"#
      + #""metadata":{"count":3,"generated":\#(Feeds.generated)},"type":"FeatureCollection"}"#
    let batch = try Feeds.decode(text)

    #expect(batch.quakes == Array(repeating: Feeds.standardQuake, count: 3))
    #expect(batch.generated == Timestamp.date(milliseconds: Feeds.generated))
    #expect(batch.otherIds == ["us7000abcd": ["at00xyz"]])
  }

  @Test(
    "the ids list gives the feature's other ids, in order, only when there are any",
    arguments: [
      (#"",us7000abcd,at00xyz,""#, ["at00xyz"]),
      (#"",at00xyz,us7000abcd,ak0214s2e8my,""#, ["at00xyz", "ak0214s2e8my"]),
      (#"",us7000abcd,""#, []),
      (#""""#, []),
      (#"",,""#, []),
      (#"",""#, []),
      (#""us7000abcd,nc1""#, ["nc1"]),
      (#"",nc1,nc2,""#, ["nc1", "nc2"]),
      (#"",us7000abcd,us7000abcd,pr.2020302017,""#, ["pr.2020302017"]),
    ])
  func idsList(ids: String, others: [String]) throws {
    let batch = try Feeds.decode(Feeds.collection([Feeds.feature(properties: Feeds.properties([("ids", ids)]))]))

    #expect(batch.otherIds["us7000abcd"] == (others.isEmpty ? nil : others))
    #expect(batch.otherIds.count == (others.isEmpty ? 0 : 1))
  }

  @Test(
    "the review status is lower-cased, other words kept",
    arguments: [
      (#""reviewed""#, "reviewed"), (#""REVIEWED""#, "reviewed"), (#""AUTOMATIC""#, "automatic"),
      (#""automatic""#, "automatic"), (#""Deleted""#, "deleted"), (#""reviewed ""#, "reviewed "),
    ])
  func status(json: String, expected: String) throws {
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: Feeds.properties([("status", json)]))))

    #expect(quake.status == ReviewStatus(rawValue: expected))
    #expect(quake.status?.rawValue == expected)
  }

  @Test("tz may be null or an integer", arguments: ["null", "-420", "0", "480"])
  func tz(value: String) throws {
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: Feeds.properties([("tz", value)]))))

    #expect(quake.catalog.timeZoneOffset == Int(value))
    #expect(quake.id == Feeds.standardQuake.id && quake.impact == Feeds.standardQuake.impact)
  }

  @Test(
    "the impact properties: felt, cdi, mmi, alert in any case, tsunami as 0/1, sig",
    arguments: [
      (
        #"{"felt":1523,"cdi":7.2,"mmi":6.489,"alert":"YELLOW","tsunami":1,"sig":1196}"#,
        QuakeImpact(felt: 1523, cdi: 7.2, mmi: 6.489, alert: .yellow, tsunami: true, significance: 1196)
      ),
      (#"{"felt":null,"cdi":null,"mmi":null,"alert":null,"tsunami":null,"sig":null}"#, QuakeImpact()),
      (
        #"{"felt":0,"cdi":0,"mmi":0,"alert":"green","tsunami":0,"sig":0}"#,
        QuakeImpact(felt: 0, cdi: 0, mmi: 0, alert: .green, tsunami: false, significance: 0)
      ),
      (#"{"felt":2.5,"alert":"pending","tsunami":"1","sig":"96"}"#, QuakeImpact()),
      (
        #"{"felt":3.0,"cdi":12,"mmi":12.0001,"alert":"red","sig":100001}"#,
        QuakeImpact(felt: 3, cdi: 12, alert: .red, tsunami: false)
      ),
      (#"{"felt":-1,"cdi":-0.1,"sig":-5}"#, QuakeImpact(tsunami: false)),
    ])
  func impact(json: String, expected: QuakeImpact) throws {
    let members = try Self.members(json)
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: Feeds.properties(members))))

    #expect(quake.impact == expected)
  }

  @Test(
    "the solution properties: nst, dmin, rms, gap, each kept as unknown outside its range",
    arguments: [
      (
        #"{"nst":134,"dmin":0.0349,"rms":0.18,"gap":27}"#,
        QuakeSolution(stationCount: 134, minimumDistance: 0.0349, rootMeanSquare: 0.18, azimuthalGap: 27)
      ),
      (#"{"nst":null,"dmin":null,"rms":null,"gap":null}"#, QuakeSolution()),
      (
        #"{"nst":100000,"dmin":180,"rms":1000,"gap":360}"#,
        QuakeSolution(stationCount: 100_000, minimumDistance: 180, rootMeanSquare: 1_000, azimuthalGap: 360)
      ),
      (#"{"nst":100001,"dmin":180.5,"rms":1e300,"gap":361}"#, QuakeSolution()),
      (#"{"nst":-1,"dmin":-0.1,"rms":-1,"gap":-1}"#, QuakeSolution()),
      (#"{"nst":"12","dmin":[0.5],"rms":{},"gap":true}"#, QuakeSolution()),
    ])
  func solution(json: String, expected: QuakeSolution) throws {
    let members = try Self.members(json)
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: Feeds.properties(members))))

    #expect(quake.solution == expected)
  }

  @Test("the catalogue properties: title, net, code, the comma-wrapped lists (escapes resolved), detail, tz")
  func catalog() throws {
    let properties = Feeds.properties([
      ("title", #""M 2.5 - 10 km N of Testvillé""#), ("net", #""ak""#), ("code", #""0234""#),
      ("ids", #"",ak0234,us7000abcd,""#), ("sources", #"",ak,us,""#), ("types", #"",dyfi,origin,""#),
      ("detail", #""https:\/\/example.org\/detail.geojson""#), ("tz", "-600"),
    ])
    let quake = try #require(try Feeds.quake(Feeds.feature(properties: properties)))

    #expect(quake.catalog.title == "M 2.5 - 10 km N of Testvillé")
    #expect(quake.catalog.network == "ak" && quake.catalog.code == "0234")
    #expect(quake.catalog.ids?.elements == ["ak0234", "us7000abcd"])
    #expect(quake.catalog.ids?.text == ",ak0234,us7000abcd,")
    #expect(quake.catalog.sources?.elements == ["ak", "us"])
    #expect(quake.catalog.productTypes?.elements == ["dyfi", "origin"])
    #expect(quake.catalog.detail == "https://example.org/detail.geojson")
    #expect(quake.catalog.timeZoneOffset == -600)
  }

  @Test("missing catalogue properties stay unknown, and the texts USGS writes to a pattern read back as sent")
  func catalogPatterns() throws {
    let bare = try #require(
      try Feeds.quake(
        Feeds.feature(
          properties: Feeds.properties([
            ("title", nil), ("net", nil), ("code", nil), ("ids", nil), ("sources", nil), ("types", nil),
            ("detail", nil), ("url", nil),
          ]))))
    #expect(bare.catalog == QuakeCatalogEntry())
    #expect(bare.url == nil)

    let standard = try #require(try Feeds.quake(Feeds.feature()))
    #expect(standard.url == "https://earthquake.usgs.gov/earthquakes/eventpage/us7000abcd")
    #expect(standard.catalog.detail == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/us7000abcd.geojson")
    #expect(standard.catalog.title == "M 2.5 - 10 km N of Testville, CA")
  }

  /// The members of the JSON object `json`, as property changes.
  private static func members(_ json: String) throws -> [(key: String, value: String?)] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try object.keys.sorted().map { key in
      let value = try #require(object[key])
      let text = String(
        decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
      return (key, text)
    }
  }

  @Test("CRLF and pretty-printed feeds, a trailing newline and a byte order mark decode the same")
  func layouts() throws {
    let compact = Feeds.collection([Feeds.feature(), Feeds.feature(id: #""nc2""#)])
    let expected = try Feeds.decode(compact)
    let pretty = try JSONSerialization.data(
      withJSONObject: JSONSerialization.jsonObject(with: Data(compact.utf8)), options: [.prettyPrinted, .sortedKeys])
    let prettyText = String(decoding: pretty, as: UTF8.self)
    let variants = [
      prettyText,
      prettyText.replacingOccurrences(of: "\n", with: "\r\n"),
      prettyText.replacingOccurrences(of: "  ", with: "\t"),
      compact + "\n",
      compact + "\r\n",
      " \t\r\n" + compact + " \n\n",
      "\u{FEFF}" + compact,
    ]

    for variant in variants {
      let batch = try Feeds.decode(variant)
      #expect(batch.quakes == expected.quakes)
      #expect(batch.otherIds == expected.otherIds)
      #expect(batch.generated == expected.generated)
    }
  }

  @Test("an empty feed without bbox, or without metadata, is an empty batch")
  func emptyFeeds() throws {
    let withMetadata = try Feeds.decode(
      #"{"type":"FeatureCollection","metadata":{"generated":1529605047000,"count":0},"features":[]}"#)
    #expect(withMetadata.quakes.isEmpty && withMetadata.skippedFeatures == 0)
    #expect(withMetadata.generated == Timestamp.date(milliseconds: 1_529_605_047_000))

    let bare = try Feeds.decode(#"{"features":[ ]}"#)
    #expect(bare.quakes.isEmpty && bare.generated == nil)
  }

  @Test("metadata.generated is optional", arguments: ["null", #""2021-04-16""#, "{}"])
  func generatedMissing(value: String) throws {
    let batch = try Feeds.decode(Feeds.collection([Feeds.feature()], generated: value))

    #expect(batch.generated == nil)
    #expect(batch.quakes.count == 1)
  }

  @Test("the [UInt8] and the UnsafeRawBufferPointer entry points agree")
  func rawBuffer() throws {
    let text = Feeds.collection([Feeds.feature(), Feeds.feature(id: nil)])
    let data = Data(text.utf8)
    let batch = try data.withUnsafeBytes { buffer in try GeoJSONFeedDecoder.decode(buffer) }

    #expect(batch == (try Feeds.decode(text)))
    #expect(batch.skippedFeatures == 1)
  }
}
