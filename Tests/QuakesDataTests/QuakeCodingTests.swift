import Foundation
import QuakesModel
import Testing

@Suite("Quake: the stable JSON shape and exact timestamps")
struct QuakeCodingTests {
  @Test("every key is always present, times are ISO 8601 UTC with milliseconds")
  func jsonShape() throws {
    let quake = Quake(
      id: "ci40208184", magnitude: 1.5, magnitudeType: "ml",
      time: Timestamp.date(milliseconds: 1_647_339_723_123), updated: Timestamp.date(milliseconds: 1_647_339_900_000),
      place: "5 km SW of Pāhala, Hawaii", longitude: -155.5, latitude: 19.1, depth: nil, url: nil,
      status: ReviewStatus(rawValue: "AUTOMATIC"), eventType: "earthquake")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(quake), as: UTF8.self)
    #expect(
      json
        == #"{"depth":null,"eventType":"earthquake","id":"ci40208184","latitude":19.1,"longitude":-155.5,"magnitude":1.5,"magnitudeType":"ml","place":"5 km SW of Pāhala, Hawaii","status":"automatic","time":"2022-03-15T10:22:03.123Z","updated":"2022-03-15T10:25:00.000Z","url":null}"#
    )
    #expect(try JSONDecoder().decode(Quake.self, from: Data(json.utf8)) == quake)
  }

  @Test("a bad time in JSON is a decoding error naming the key")
  func badTime() {
    let json =
      #"{"id":"a","magnitude":1,"time":"yesterday","updated":"2022-03-15T10:25:00Z","place":null,"longitude":0,"latitude":0}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Quake.self, from: Data(json.utf8)) }
  }

  @Test(
    "epoch milliseconds survive Date and ISO 8601 exactly",
    arguments: [
      Int64(0), 1, 999, 1_618_602_998_123, 1_647_339_723_999, -1, -86_400_001, QuakeRanges.milliseconds.upperBound,
      QuakeRanges.milliseconds.lowerBound,
    ])
  func millisecondsRoundTrip(milliseconds: Int64) throws {
    let date = Timestamp.date(milliseconds: milliseconds)
    #expect(Timestamp.milliseconds(date) == milliseconds)
    let parsed = try #require(Timestamp.parseISO8601(Timestamp.iso8601(date)))
    #expect(Timestamp.milliseconds(parsed) == milliseconds)
  }

  @Test(
    "any date converts to milliseconds and ISO 8601 without trapping: beyond Int64 it clamps, NaN is 0",
    // Seconds, not dates: Foundation's own `Date.description` traps on these.
    arguments: [
      (1e300, Int64.max), (-1e300, Int64.min), (.infinity, .max), (-.infinity, .min), (.nan, 0),
      (9_223_372_036_854_775.807, .max),
    ])
  func extremeDates(secondsSince1970: Double, milliseconds: Int64) {
    let date = Date(timeIntervalSince1970: secondsSince1970)
    #expect(Timestamp.milliseconds(date) == milliseconds)
    #expect(Timestamp.iso8601(date).hasSuffix("Z"))
  }

  @Test("ISO 8601 input: dates, offsets, fractions; impossible dates are refused")
  func parsing() {
    func ms(_ text: String) -> Int64? { Timestamp.parseISO8601(text).map(Timestamp.milliseconds) }
    #expect(ms("1970-01-02") == 86_400_000)
    #expect(ms("1970-01-01T01:00Z") == 3_600_000)
    #expect(ms("1970-01-01T01:00:00+01:00") == 0)
    #expect(ms("1970-01-01T00:00:00.5Z") == 500)
    #expect(ms("1970-01-01T00:00:00.123456Z") == 123)
    #expect(ms("2024-02-29T00:00:00Z") != nil)
    for bad in ["2023-02-29", "2023-13-01", "2023-01-01T24:00Z", "2023-1-1", "today", "2023-01-01T00:00:00Zjunk", ""] {
      #expect(ms(bad) == nil, "\(bad)")
    }
  }

  @Test("feed names parse back to their feed, and nothing else parses")
  func feedNames() {
    #expect(QuakesFeed.allFeeds.count == 20)
    for feed in QuakesFeed.allFeeds {
      #expect(QuakesFeed(name: feed.name) == feed)
    }
    #expect(QuakesFeed(name: "4.5_week") == QuakesFeed(.magnitude4_5, .week))
    #expect(QuakesFeed.allDay.isComplete)
    #expect(!QuakesFeed(.significant, .day).isComplete)
    for bad in ["all", "all_year", "5.0_day", "", "_day"] {
      #expect(QuakesFeed(name: bad) == nil, "\(bad)")
    }
  }
}
