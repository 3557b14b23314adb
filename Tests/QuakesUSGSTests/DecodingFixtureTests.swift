import Foundation
import QuakesData
import QuakesModel
import QuakesTestSupport
import QuakesUSGS
import Testing

/// The decoder on the real USGS feeds in `../shared/fixtures/usgs/`: the
/// counts of `INDEX.tsv`, and the oddities its README lists, file by file.
@Suite("GeoJSONFeedDecoder: real USGS feeds", .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)))
struct DecodingFixtureTests {
  /// The fixture `name`, decoded.
  private func decode(_ name: String) throws -> FeedBatch {
    try GeoJSONFeedDecoder.decode(Fixtures.bytes(name))
  }

  /// The quake `id` of `batch`.
  private func quake(_ id: String, in batch: FeedBatch) throws -> Quake {
    try #require(batch.quakes.first { $0.id == id }, "no quake \(id)")
  }

  @Test("each feed decodes whole, with the counts of INDEX.tsv", arguments: Fixtures.feeds)
  func counts(name: String) throws {
    let row = try Fixtures.index(name)
    func number(_ column: String) -> Int? { row[column].flatMap { Int($0) } }
    let batch = try self.decode(name)
    let quakes = batch.quakes

    #expect(quakes.count == number("n_features"))
    #expect(batch.skippedFeatures == 0)
    #expect(batch.generated == number("generated_ms").map { Timestamp.date(milliseconds: Int64($0)) })
    #expect(quakes.count { $0.magnitude == nil } == number("null_mag"))
    #expect(quakes.count { $0.place == nil } == number("null_place"))
    #expect(quakes.count { ($0.magnitude ?? 1) <= 0 } == number("mag_le_0"))
    #expect(quakes.count { $0.place?.unicodeScalars.contains { !$0.isASCII } == true } == number("nonascii_place"))
    #expect(quakes.count { ($0.depth ?? 0) < 0 } == number("neg_depth"))
    let magnitudes = quakes.compactMap(\.magnitude)
    #expect(magnitudes.min() == row["min_mag"].flatMap { Double($0) })
    #expect(magnitudes.max() == row["max_mag"].flatMap { Double($0) })

    #expect(Set(quakes.map(\.id)).count == quakes.count)
    #expect(quakes.allSatisfy { $0.depth != nil && $0.url != nil && $0.eventType != nil })
    #expect(quakes.allSatisfy { $0.status == .automatic || $0.status == .reviewed })
    #expect(quakes.allSatisfy { $0.magnitude == nil || $0.magnitudeType != nil })
    #expect(quakes.allSatisfy { $0.updated >= $0.time || $0.id.hasPrefix("mb") })
    for (id, others) in batch.otherIds {
      #expect(!others.isEmpty && !others.contains(id) && quakes.contains { $0.id == id })
    }
  }

  @Test("all_hour: non-ASCII places intact, a negative magnitude")
  func allHour() throws {
    let batch = try self.decode("all_hour-2022-03-15T1024Z-tranxuanloc.geojson")

    #expect(try self.quake("hv72950802", in: batch).place == "4 km E of Pāhala, Hawaii")
    #expect(try self.quake("hv72950782", in: batch).place == "9 km ENE of Pāhala, Hawaii")
    #expect(try self.quake("pr71340258", in: batch).place == "0 km WSW of Guánica, Puerto Rico")
    #expect(try self.quake("hv72950782", in: batch).magnitude == 1.98000002)
    #expect(try self.quake("ci40208184", in: batch).magnitude == -0.03)
  }

  @Test("null magnitudes: mag and magType nil, the rest kept")
  func nullMagnitudes() throws {
    let day = try self.decode("all_day-2020-10-28T2257Z-gildation.geojson")
    let orlando = try self.quake("ok2020vfoa", in: day)
    #expect(orlando.magnitude == nil && orlando.magnitudeType == nil)
    #expect(orlando.status == .automatic && orlando.place == "10 km ESE of Orlando, Oklahoma")
    #expect(try self.quake("pr.2020302017", in: day).magnitude == 2.57)

    let week = try self.decode("all_week-2021-04-16T1956Z-sandykolu.geojson")
    for id in ["nc71122999", "nc73547480"] {
      let quake = try self.quake(id, in: week)
      #expect(quake.magnitude == nil && quake.magnitudeType == nil && quake.status == .reviewed)
    }
    #expect(try self.quake("nc71122999", in: week).depth == 1.18)
  }

  @Test("all_week: integer coordinates, negative depths, event types, other ids")
  func allWeek() throws {
    let batch = try self.decode("all_week-2021-04-16T1956Z-sandykolu.geojson")

    let placeholder = try self.quake("ak0214s2e8my", in: batch)
    #expect(placeholder.longitude == -161.3751 && placeholder.latitude == 54.3686 && placeholder.depth == -10)
    #expect(placeholder.time == Timestamp.date(milliseconds: 1_618_374_046_762))
    #expect(placeholder.updated == Timestamp.date(milliseconds: 1_618_420_034_214))
    #expect(try self.quake("ak0214vmghv1", in: batch).depth == 0)
    #expect(try self.quake("mb80497649", in: batch).depth == -2)
    #expect(try self.quake("pr2021106003", in: batch).depth == 15)
    #expect(batch.quakes.count { $0.depth == -10 } == 1)
    let types = Set(batch.quakes.compactMap(\.eventType))
    #expect(types.isSuperset(of: ["earthquake", "explosion", "quarry blast", "ice quake"]))
    #expect(batch.quakes.count { $0.eventType == "quarry blast" } == 30)
    #expect(batch.otherIds["ci39851592"] == ["nn00805127", "us6000e1yi"])
    #expect(batch.otherIds["us6000e1qs"] == ["at00qrljs6", "ak0214tse229"])
    #expect(batch.otherIds.count == 98)
  }

  @Test("mojibake kept as it came, and places truncated at 255 characters kept whole")
  func mojibake() throws {
    let batch = try self.decode("4.5_month-2020-07-30T0941Z-kingcrow15.geojson")

    #expect(try self.quake("us6000b5es", in: batch).place == "34 km SE of CamanÃ¡, Peru")
    #expect(batch.quakes.contains { $0.place == "128 km W of Camaná, Peru" })
    let truncated = try #require(try self.quake("us7000arb0", in: batch).place)
    #expect(truncated.hasPrefix("8 km NW of CepitÃƒÆ’Ã†â€™Ãƒâ€\u{A0}Ã¢â‚¬â„¢"))
    #expect(truncated.unicodeScalars.count == 255)
    #expect(batch.quakes.count { $0.place?.unicodeScalars.count == 255 } == 10)
    #expect(batch.quakes.count { $0.place?.contains("Ã") == true } == 25)
  }

  @Test("the 2013 API: upper-case status lower-cased, mixed-case magType kept, no title, integer tz")
  func oldAPI() throws {
    let batch = try self.decode("all_day-2013-08-07T0246Z-thomjoy.geojson")

    #expect(batch.quakes.count == 185)
    #expect(batch.quakes.count { $0.status == .automatic } == 91)
    #expect(batch.quakes.count { $0.status == .reviewed } == 94)
    #expect(batch.quakes.count { $0.magnitudeType == "Ml" } == 91)
    #expect(batch.quakes.count { $0.magnitudeType == "Md" } == 70)
    #expect(batch.quakes.count { $0.eventType == "quarry" } == 2)
    #expect(batch.quakes.allSatisfy { $0.url?.hasPrefix("http://") == true })
    #expect(batch.generated == Timestamp.date(milliseconds: 1_375_843_575_000))
  }

  @Test("an FDSN query result: null places")
  func fdsn() throws {
    let batch = try self.decode("fdsn-query-2022-05-20T1306Z-valeriovolpati.geojson")

    #expect(
      Set(batch.quakes.filter { $0.place == nil }.map(\.id))
        == ["us1000hvn9", "us10003pzw", "usb000s1vq", "usb000qsby", "usc000nzyr"])
  }

  @Test("the CRLF file decodes as its LF twin")
  func crlf() throws {
    let bytes = try Fixtures.bytes("4.5_week-2020-11-02T0059Z-siljaros1994.geojson")
    #expect(bytes.firstRange(of: [0x0D, 0x0A]) != nil)

    let batch = try GeoJSONFeedDecoder.decode(bytes)
    #expect(batch.quakes.count == 103)
    #expect(batch == (try GeoJSONFeedDecoder.decode(bytes.filter { $0 != 0x0D })))
  }

  @Test("an empty feed without bbox")
  func emptyFeed() throws {
    let batch = try self.decode("significant_hour-2018-06-21T1817Z-Syverts1.geojson")

    #expect(batch.quakes.isEmpty && batch.skippedFeatures == 0 && batch.otherIds.isEmpty)
    #expect(batch.generated == Timestamp.date(milliseconds: 1_529_605_047_000))
  }

  @Test("the newest API: new-style ids, an event name as the place, a trailing newline")
  func newestAPI() throws {
    let batch = try self.decode("significant_month-2026-08-15T0729Z-JovaniPink.geojson")

    #expect(try self.quake("aka2026powmkf", in: batch).place == "57 km WNW of Skwentna, Alaska")
    #expect(try self.quake("tx2026ojlaky", in: batch).eventType == "earthquake")
    #expect(try self.quake("us6000tgb9", in: batch).place == "The 2026 Kumamoto Region, Japan Earthquake")
  }

  @Test("the same feed 17 minutes later: a place changed while updated did not")
  func placeChangeWithoutUpdate() throws {
    let before = try self.quake("us6000ey1q", in: self.decode("4.5_week-2021-07-22T2023Z-afanng24.geojson"))
    let after = try self.quake("us6000ey1q", in: self.decode("4.5_week-2021-07-22T2040Z-afanng24.geojson"))

    #expect(before.place == "6 km W of Asprángeloi, Greece")
    #expect(after.place == "Greece-Albania border region")
    #expect(before.updated == after.updated)
    #expect(before != after)
  }

  @Test("the GeoJSONP file is refused as JSONP")
  func jsonp() throws {
    let message = try #require(DecodingFeeds.message(try Fixtures.bytes(Fixtures.jsonp)))

    #expect(message.contains("JSONP"))
    #expect(message.contains("eqfeed_callback"))
  }
}
