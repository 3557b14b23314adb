import Foundation
import QuakesModel
import Testing
import USGSStandIn

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
        == #"{"alert":null,"azimuthalGap":null,"cdi":null,"code":null,"depth":null,"detail":null,"eventType":"earthquake","felt":null,"id":"ci40208184","ids":null,"latitude":19.1,"longitude":-155.5,"magnitude":1.5,"magnitudeType":"ml","minimumDistance":null,"mmi":null,"network":null,"place":"5 km SW of Pāhala, Hawaii","productTypes":null,"rootMeanSquare":null,"significance":null,"sources":null,"stationCount":null,"status":"automatic","time":"2022-03-15T10:22:03.123Z","timeZoneOffset":null,"title":null,"tsunami":null,"updated":"2022-03-15T10:25:00.000Z","url":null}"#
    )
    #expect(try JSONDecoder().decode(Quake.self, from: Data(json.utf8)) == quake)
  }

  @Test("every property has its stable name and JSON type: numbers, words, a boolean tsunami, lists as arrays")
  func everyProperty() throws {
    let quake = Quake(
      id: "us7000m1x2", magnitude: 6.4, magnitudeType: "mww",
      time: Timestamp.date(milliseconds: 1_647_339_723_123), updated: Timestamp.date(milliseconds: 1_647_339_900_000),
      place: "10 km SSW of Hualien City, Taiwan", longitude: 121.56, latitude: 23.9, depth: 12.5,
      url: "https://earthquake.usgs.gov/earthquakes/eventpage/us7000m1x2", status: .reviewed, eventType: "earthquake",
      impact: QuakeImpact(felt: 1_523, cdi: 7.2, mmi: 6.489, alert: .yellow, tsunami: true, significance: 1_196),
      solution: QuakeSolution(stationCount: 134, minimumDistance: 0.0349, rootMeanSquare: 0.18, azimuthalGap: 27),
      catalog: QuakeCatalogEntry(
        title: "M 6.4 - 10 km SSW of Hualien City, Taiwan", network: "us", code: "7000m1x2",
        ids: CommaWrappedList(["us7000m1x2", "at00sb2x3"]), sources: CommaWrappedList(["us", "at"]),
        productTypes: CommaWrappedList(["dyfi", "origin"]),
        detail: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/us7000m1x2.geojson", timeZoneOffset: 480))
    let data = try JSONEncoder().encode(quake)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

    #expect(object["title"] as? String == "M 6.4 - 10 km SSW of Hualien City, Taiwan")
    #expect(object["felt"] as? Int == 1_523)
    #expect(object["cdi"] as? Double == 7.2)
    #expect(object["mmi"] as? Double == 6.489)
    #expect(object["alert"] as? String == "yellow")
    #expect(object["tsunami"] as? Bool == true)
    #expect(object["significance"] as? Int == 1_196)
    #expect(object["network"] as? String == "us")
    #expect(object["code"] as? String == "7000m1x2")
    #expect(object["ids"] as? [String] == ["us7000m1x2", "at00sb2x3"])
    #expect(object["sources"] as? [String] == ["us", "at"])
    #expect(object["productTypes"] as? [String] == ["dyfi", "origin"])
    #expect(
      object["detail"] as? String == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/us7000m1x2.geojson")
    #expect(object["timeZoneOffset"] as? Int == 480)
    #expect(object["stationCount"] as? Int == 134)
    #expect(object["minimumDistance"] as? Double == 0.0349)
    #expect(object["rootMeanSquare"] as? Double == 0.18)
    #expect(object["azimuthalGap"] as? Double == 27)
    #expect(object.count == 30)
    #expect(try JSONDecoder().decode(Quake.self, from: data) == quake)
  }

  @Test("texts USGS writes to a pattern are kept as sent, whether they follow it or not")
  func derivedTexts() {
    func quake(url: String?, title: String?, ids: [String]?, detail: String?) -> Quake {
      Quake(
        id: "nc1", magnitude: 2.25, time: Timestamp.date(milliseconds: 0), updated: Timestamp.date(milliseconds: 0),
        place: "Gilroy, CA", longitude: 0, latitude: 0, url: url,
        catalog: QuakeCatalogEntry(title: title, ids: ids.map(CommaWrappedList.init), detail: detail))
    }
    let texts: [(String?, String?, [String]?, String?)] = [
      (
        "https://earthquake.usgs.gov/earthquakes/eventpage/nc1", "M 2.3 - Gilroy, CA", ["nc1"],
        "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/nc1.geojson"
      ),
      (
        "http://earthquake.usgs.gov/earthquakes/eventpage/nc1", "M 2.2 - Gilroy, CA", ["nc1", "us2"],
        "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/nc1.geojson?x"
      ),
      ("https://earthquake.usgs.gov/earthquakes/eventpage/nc", "M 2.3 - Gilroy, C", [], ""),
      (nil, nil, nil, nil),
    ]
    for (url, title, ids, detail) in texts {
      let made = quake(url: url, title: title, ids: ids, detail: detail)
      #expect(made.url == url)
      #expect(made.catalog.title == title)
      #expect(made.catalog.ids?.elements == ids)
      #expect(made.catalog.detail == detail)
    }
  }

  @Test("a value outside its range is kept as unknown, and the quake is kept")
  func outOfRangeValues() {
    let quake = Quake(
      id: "x1", magnitude: 1, time: Timestamp.date(milliseconds: 0), updated: Timestamp.date(milliseconds: 0),
      place: nil, longitude: 0, latitude: 0,
      impact: QuakeImpact(felt: -1, cdi: 12.5, mmi: .nan, significance: Int.max),
      solution: QuakeSolution(
        stationCount: Int.min, minimumDistance: .infinity, rootMeanSquare: -0.5, azimuthalGap: 400),
      catalog: QuakeCatalogEntry(timeZoneOffset: 100_000))

    #expect(quake.impact == QuakeImpact())
    #expect(quake.solution == QuakeSolution())
    #expect(quake.catalog.timeZoneOffset == nil)
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

  @Test("ISO 8601 text agrees with Foundation's Gregorian calendar in UTC on 2,000 seeded random instants, 1600–9999")
  func iso8601AgreesWithTheCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var random = SplitMix64(seed: 0x1508_8601)
    let range: ClosedRange<Int64> = -11_676_096_000_000...253_402_300_799_999
    for index in 0..<2_000 {
      let milliseconds = Int64.random(in: range, using: &random)
      let millisecond = (milliseconds % 1_000 + 1_000) % 1_000
      let parts = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second],
        from: Date(timeIntervalSince1970: Double((milliseconds - millisecond) / 1_000)))
      func padded(_ value: Int?, _ width: Int) -> String {
        let digits = String(value ?? -1)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
      }
      let expected =
        "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))T\(padded(parts.hour, 2)):"
        + "\(padded(parts.minute, 2)):\(padded(parts.second, 2)).\(padded(Int(millisecond), 3))Z"
      #expect(
        Timestamp.iso8601(Timestamp.date(milliseconds: milliseconds)) == expected,
        "case \(index): \(milliseconds) ms (seed 0x15088601)")
    }
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
