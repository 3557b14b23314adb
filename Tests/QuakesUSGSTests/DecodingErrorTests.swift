import QuakesUSGS
import Testing

/// Bodies that are not a GeoJSON feed: each is refused with a message that
/// says what was found instead.
@Suite("GeoJSONFeedDecoder: bodies that are not a feed")
struct DecodingErrorTests {
  private typealias Feeds = DecodingFeeds

  @Test("an empty body, or one of whitespace only")
  func empty() {
    #expect(Feeds.message([]) == "not a GeoJSON feed: the body is empty (0 bytes)")
    #expect(Feeds.message(" \r\n\t") == "not a GeoJSON feed: the body is empty (4 bytes of whitespace)")
  }

  @Test("an HTML error page: the message quotes how it starts")
  func html() throws {
    let page = "<!DOCTYPE html>\n<html><head><title>503 Service Unavailable</title></head></html>"
    let message = try #require(Feeds.message(page))

    #expect(message.hasPrefix(#"not JSON: the body starts with "<!DOCTYPE html>""#))
    #expect(message.contains("HTML page"))
    let long = try #require(Feeds.message("  <html><body>" + String(repeating: "x", count: 100)))
    #expect(message.count < 200 && long.contains(#""<html><body>xxxxxxxxxxxxxxxxxxxxxxxxxxxx…""#))
  }

  @Test("JSONP: the feed wrapped in eqfeed_callback(…);")
  func jsonp() throws {
    let body = "eqfeed_callback(" + Feeds.collection([Feeds.feature()]) + ");"
    let message = try #require(Feeds.message(body))

    #expect(message.contains("JSONP"))
    #expect(message.contains("eqfeed_callback(…)"))
    #expect(message.contains(".geojson URL"))
    #expect(Feeds.message("callback (" + Feeds.collection([]) + ")")?.contains("JSONP") == true)
  }

  @Test("text that is not JSON at all")
  func text() {
    #expect(Feeds.message("Service Unavailable\r\n") == #"not JSON: the body starts with "Service Unavailable""#)
    #expect(Feeds.message("nope") == #"not JSON: the body starts with "nope""#)
    #expect(Feeds.message("\u{0}\u{1}") == #"not JSON: the body starts with "  ""#)
  }

  @Test("a cut-short body: where it ends and what it was inside")
  func truncated() throws {
    let whole = Array(Feeds.collection([Feeds.feature(), Feeds.feature(id: #""nc2""#)]).utf8)
    func message(cutAfter marker: String, offset: Int = 0) throws -> String {
      let range = try #require(whole.firstRange(of: Array(marker.utf8)))
      let prefix = Array(whole[..<(range.upperBound + offset)])
      return try #require(Feeds.message(prefix))
    }

    let inPlace = try message(cutAfter: #""place":"10 km"#)
    let count = whole.firstRange(of: Array(#""place":"10 km"#.utf8))?.upperBound ?? 0
    #expect(
      inPlace == "not a complete GeoJSON feed: the body ends inside a string, in feature 1 of \"features\","
        + " at byte \(count) of \(count): the download was cut short")
    #expect(try message(cutAfter: #""mag":2."#).contains("ends inside a number, in feature 1"))
    #expect(try message(cutAfter: #""tz":nu"#).contains("ends inside a literal (true, false or null), in feature 1"))
    #expect(
      try message(cutAfter: #""id":"us7000abcd"}"#).contains("ends inside the \"features\" array after feature 1"))
    #expect(try message(cutAfter: #""features":["#).contains("ends inside the \"features\" array"))
    #expect(try message(cutAfter: #""metadata":{"#).contains("ends inside an object, at byte"))
    #expect(Feeds.message(Array(whole.dropLast())).map { $0.contains("ends inside an object") } == true)
    #expect(Feeds.message("{").map { $0.contains("ends inside an object, at byte 1 of 1") } == true)
    #expect(Feeds.message("[1,").map { $0.contains("ends inside an array") } == true)
    #expect(Feeds.message(#"{"type":"Feat"#).map { $0.contains("ends inside a string") } == true)
    #expect(
      Feeds.message(#"{"features":[{"properties":{"place":"a\u00"#).map { $0.contains("inside a string") } == true)
  }

  @Test(
    "invalid JSON: the byte offset, what was expected and what was found",
    arguments: [
      (#"{"type":"FeatureCollection","features":[}"#, 40, "expected a JSON value, found '}'"),
      (#"{"features":[],}"#, 15, "expected a string key after ',', found '}'"),
      (#"{"features" []}"#, 12, "expected ':' after an object key, found '['"),
      (#"{'features':[]}"#, 1, "expected a string key or '}', found '''"),
      (#"{"features":[1 2]}"#, 15, "expected ',' or ']' after an array element, found '2'"),
      (#"{"features":[] "x":1}"#, 15, "expected ',' or '}' after an object member, found '\"'"),
      (#"{"features":[01]}"#, 14, "expected ',' or ']' after an array element, found '1'"),
      (#"{"features":[-]}"#, 14, "expected a digit, found ']'"),
      (#"{"features":[1.]}"#, 15, "expected a digit after the decimal point, found ']'"),
      (#"{"features":[1e+]}"#, 16, "expected a digit in the exponent, found ']'"),
      (#"{"features":[+1]}"#, 13, "expected a JSON value, found '+'"),
      (#"{"features":[tru]}"#, 13, "expected a JSON value, found 't'"),
      (#"{"features":[NaN]}"#, 13, "expected a JSON value, found 'N'"),
      (#"{"features":["a\x"]}"#, 16, #"expected an escape: \" \\ \/ \b \f \n \r \t or \uXXXX, found 'x'"#),
      (#"{"features":["\u12G4"]}"#, 18, #"expected four hex digits after \u, found 'G'"#),
      (
        "{\"features\":[\"a\tb\"]}", 15,
        "expected a string character (a control character must be escaped), found byte 0x09"
      ),
      (#"{"features":[]} x"#, 16, "expected the end of the body after the top-level object, found 'x'"),
      (#"{"features":[]});"#, 15, "expected the end of the body after the top-level object, found ')'"),
      (#"[1] [2]"#, 4, "expected the end of the body after the JSON value, found '['"),
    ])
  func invalid(body: String, offset: Int, expected: String) throws {
    let message = try #require(Feeds.message(body))

    #expect(message.hasPrefix("invalid JSON at byte offset \(offset)"), "\(message)")
    #expect(message.contains(": \(expected) (near \""), "\(message)")
  }

  @Test("invalid JSON inside a feature names the feature")
  func invalidInFeature() throws {
    let body = Feeds.collection([Feeds.feature(), Feeds.feature(properties: Feeds.properties([("sig", "9 6")]))])

    #expect(Feeds.message(body)?.contains(#", in feature 2 of "features": expected ',' or '}'"#) == true)
  }

  @Test(
    "valid JSON that is not a FeatureCollection: the message says what it is",
    arguments: [
      (
        #"{"type":"Feature","properties":{},"geometry":null,"id":"us1"}"#,
        #"its "type" is "Feature", not "FeatureCollection""#
      ),
      (#"{"type":"FeatureCollection"}"#, #"the top-level object has no "features" array (its keys: "type")"#),
      (#"{"error":{"code":500},"message":"down"}"#, #"no "features" array (its keys: "error", "message")"#),
      ("{}", #"no "features" array (its keys: none)"#),
      (#"{"type":"FeatureCollection","features":{}}"#, #"its "features" is an object, not an array"#),
      (#"{"type":"FeatureCollection","features":null}"#, #"its "features" is null, not an array"#),
      (#"{"type":7,"features":[]}"#, #"its "type" is a number, not a string"#),
      ("[]", "the body is JSON, but an array, not an object"),
      (#" [{"type":"FeatureCollection","features":[]}] "#, "the body is JSON, but an array, not an object"),
      (#""FeatureCollection""#, "the body is JSON, but a string, not an object"),
      ("42", "the body is JSON, but a number, not an object"),
      ("-1.5e3\n", "the body is JSON, but a number, not an object"),
      ("null", "the body is JSON, but null, not an object"),
      ("true", "the body is JSON, but a boolean, not an object"),
    ])
  func notAFeatureCollection(body: String, expected: String) throws {
    let message = try #require(Feeds.message(body))

    #expect(message.hasPrefix("not a GeoJSON FeatureCollection: "), "\(message)")
    #expect(message.contains(expected), "\(message)")
  }

  @Test("nesting deeper than 512 is refused, not a stack overflow", arguments: ["[", "{\"a\":"])
  func deepNesting(opener: String) throws {
    let deep = String(repeating: opener, count: 100_000)
    let inFeature = Feeds.collection([Feeds.feature(properties: Feeds.properties([("deep", deep)]))])

    #expect(Feeds.message(deep)?.contains("nest more than 512 deep") == true)
    #expect(Feeds.message(inFeature)?.contains("nest more than 512 deep") == true)
    let fine = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
    #expect(Feeds.message(Feeds.collection([Feeds.feature(properties: Feeds.properties([("deep", fine)]))])) == nil)
  }
}
