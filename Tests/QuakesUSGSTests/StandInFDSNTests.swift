import Foundation
import QuakesTestSupport
import QuakesUSGS
import Testing
import USGSStandIn

/// The stand-in's FDSN event service (`/fdsnws/event/1/`), over real HTTP:
/// what a client of USGS's `query` and `count` relies on.
@Suite("USGSStandIn: the FDSN event service", .timeLimit(.minutes(2)))
struct StandInFDSNTests {
  private let session = CurlNetworkSession()

  /// 2024-01-01T00:00:00Z and 2024-02-01T00:00:00Z: the generated catalogue's span.
  private static let january = Date(timeIntervalSince1970: 1_704_067_200)
  private static let february = Date(timeIntervalSince1970: 1_706_745_600)
  /// 2024-01-05 and 2024-01-20 (UTC), in milliseconds: the window most tests query.
  private static let windowStart: Int64 = 1_704_412_800_000
  private static let windowEnd: Int64 = 1_705_708_800_000
  private static let window = "starttime=2024-01-05&endtime=2024-01-20T00:00:00Z"

  /// 3,000 made-up events over January 2024, and a few large ones so that
  /// alert and felt conditions have something to find.
  private static func catalogue() -> FDSNCatalogue {
    var catalogue = FDSNCatalogue.generated(count: 3_000, from: Self.january, to: Self.february, seed: 7)
    let large = [
      ("us7000aaa1", 6.8, "yellow", 35.9, 140.3), ("us7000aaa2", 5.4, "green", -33.2, -71.4),
      ("us7000aaa3", 7.6, "red", -0.9, 100.1), ("us7000aaa4", 6.6, "yellow", 38.5, 27.0),
    ]
    for (offset, (id, magnitude, alert, latitude, longitude)) in large.enumerated() {
      catalogue.insert(
        FDSNEvent(
          id: id, time: Date(timeIntervalSince1970: 1_704_500_000 + Double(offset) * 86_400),
          magnitude: magnitude, latitude: latitude, longitude: longitude, depth: 30, place: "test",
          alert: alert, status: "reviewed", felt: 500, cdi: 6.1, mmi: 6.9, significance: 800, tsunami: true,
          magnitudeType: "mww"))
    }
    return catalogue
  }

  /// A served page: the response, and its features' ids and properties.
  private struct Page {
    var response: NetworkResponse
    var ids: [String] = []
    var count = 0
    var statuses: [String] = []
    var propertyKeys: [Set<String>] = []
  }

  private func get(_ standIn: USGSStandIn, _ method: String, _ query: String) async throws -> NetworkResponse {
    try await self.session.get(NetworkRequest(url: standIn.fdsnBaseURL + method + "?" + query))
  }

  /// `query` with `parameters` (and `format=geojson`), decoded.
  private func query(_ standIn: USGSStandIn, _ parameters: String) async throws -> Page {
    let response = try await self.get(standIn, "query", "format=geojson&" + parameters)
    var page = Page(response: response)
    guard response.status == 200 else { return page }
    let object = try JSONSerialization.jsonObject(with: Data(response.body))
    let collection = try #require(object as? [String: Any])
    let metadata = try #require(collection["metadata"] as? [String: Any])
    let features = try #require(collection["features"] as? [[String: Any]])
    page.count = try #require(metadata["count"] as? Int)
    for feature in features {
      let properties = try #require(feature["properties"] as? [String: Any])
      page.ids.append(try #require(feature["id"] as? String))
      page.statuses.append(try #require(properties["status"] as? String))
      page.propertyKeys.append(Set(properties.keys))
    }
    return page
  }

  private static func text(_ response: NetworkResponse) -> String {
    String(decoding: response.body, as: UTF8.self)
  }

  /// The events of `catalogue` in the test window, not deleted, that `isIncluded` accepts.
  private static func expected(
    _ catalogue: FDSNCatalogue, _ isIncluded: (FDSNEvent) -> Bool = { _ in true }
  ) -> Set<String> {
    Set(
      catalogue.events.filter {
        $0.timeMilliseconds >= Self.windowStart && $0.timeMilliseconds <= Self.windowEnd && $0.status != "deleted"
          && isIncluded($0)
      }.map(\.id))
  }

  /// Great-circle distance in km (haversine, R = 6371.0088).
  private static func kilometres(_ latitude: Double, _ longitude: Double, _ event: FDSNEvent) -> Double {
    let radians = Double.pi / 180
    let dLatitude = (event.latitude - latitude) * radians
    let dLongitude = (event.longitude - longitude) * radians
    let a =
      pow(sin(dLatitude / 2), 2) + cos(latitude * radians) * cos(event.latitude * radians) * pow(sin(dLongitude / 2), 2)
    return 2 * 6_371.008_8 * asin(min(1, a.squareRoot()))
  }

  @Test("version, base URL, and the feeds still served beside it")
  func versionAndFeeds() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: "{}")

      let version = try await self.session.get(NetworkRequest(url: standIn.fdsnBaseURL + "version"))
      let feed = try await self.session.get(NetworkRequest(url: standIn.url(forFeed: "all_day")))
      let unknown = try await self.get(standIn, "catalogs", "")

      #expect(standIn.fdsnBaseURL == "http://127.0.0.1:\(standIn.port)/fdsnws/event/1/")
      #expect(Self.text(version) == "1.14.1\n")
      #expect(feed.status == 200 && feed.body == Array("{}".utf8))
      #expect(unknown.status == 404)
      #expect(standIn.fdsnRequests.count == 2)
      #expect(standIn.requests.count == 3)
    }
  }

  @Test("count answers the number of matching events, as text or as GeoJSON with maxAllowed")
  func count() async throws {
    let catalogue = Self.catalogue()
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(catalogue)

      let text = try await self.get(standIn, "count", Self.window + "&minmagnitude=2")
      let json = try await self.get(standIn, "count", Self.window + "&minmagnitude=2&format=geojson")
      let all = try await self.get(standIn, "count", "starttime=2023-12-31&endtime=2024-02-01&format=text")
      let none = try await self.get(standIn, "count", Self.window + "&minmagnitude=9.5")
      let xml = try await self.get(standIn, "count", Self.window + "&format=xml")

      let expected = Self.expected(catalogue) { ($0.magnitude ?? -1) >= 2 }.count
      #expect(expected > 50)
      #expect(text.status == 200 && Self.text(text) == "\(expected)\n")
      #expect(text.contentType?.hasPrefix("text/plain") == true)
      #expect(Self.text(json) == #"{"count":\#(expected),"maxAllowed":20000}"#)
      #expect(json.contentType == "application/json")
      #expect(Self.text(all) == "\(catalogue.count)\n")
      #expect(Self.text(none) == "0\n")
      #expect(xml.status == 400)
    }
  }

  @Test("query serves exactly the matching events for each kind of condition")
  func conditions() async throws {
    let catalogue = Self.catalogue()
    let cases: [(String, (FDSNEvent) -> Bool)] = [
      ("minmagnitude=2.5&maxmagnitude=4", { ($0.magnitude ?? -1) >= 2.5 && ($0.magnitude ?? 99) <= 4 }),
      (
        "minlatitude=30&maxlatitude=40&minlongitude=-125&maxlongitude=-110",
        { (30...40).contains($0.latitude) && (-125...(-110)).contains($0.longitude) }
      ),
      ("minlongitude=179.5&maxlongitude=180.5", { $0.longitude >= 179.5 || $0.longitude <= -179.5 }),
      ("latitude=35.6&longitude=140.1&maxradiuskm=60", { Self.kilometres(35.6, 140.1, $0) <= 60 }),
      ("lat=-33.4&lon=-71&maxradius=0.5", { Self.kilometres(-33.4, -71, $0) <= 0.5 * 6_371.008_8 * .pi / 180 }),
      ("mindepth=50&maxdepth=300", { (50...300).contains($0.depth) }),
      ("eventtype=quarry%20blast,explosion", { ["quarry blast", "explosion"].contains($0.eventType) }),
      ("alertlevel=yellow", { $0.alert == "yellow" }),
      ("minfelt=100&minsig=700", { ($0.felt ?? -1) >= 100 && $0.significance >= 700 }),
      ("reviewstatus=automatic&minmag=2", { $0.status == "automatic" && ($0.magnitude ?? -1) >= 2 }),
    ]
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(catalogue)
      for (parameters, isIncluded) in cases {
        let page = try await self.query(standIn, Self.window + "&" + parameters)
        let expected = Self.expected(catalogue, isIncluded)

        #expect(page.response.status == 200, "\(parameters)")
        #expect(Set(page.ids) == expected, "\(parameters)")
        #expect(page.ids.count == expected.count && page.count == expected.count, "\(parameters)")
        #expect(!expected.isEmpty, "\(parameters) should match something in the test catalogue")
      }
    }
  }

  @Test("features have USGS's 26 properties; the answer is gzipped when the client accepts it, unless told not to")
  func shape() async throws {
    let keys: Set<String> = [
      "mag", "place", "time", "updated", "tz", "url", "detail", "felt", "cdi", "mmi", "alert", "status", "tsunami",
      "sig", "net", "code", "ids", "sources", "types", "nst", "dmin", "rms", "gap", "magType", "type", "title",
    ]
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(Self.catalogue())

      let page = try await self.query(standIn, Self.window + "&limit=50")

      #expect(page.ids.count == 50)
      #expect(page.propertyKeys.allSatisfy { $0 == keys })
      #expect(page.response.contentEncoding == "gzip")
      #expect(page.response.contentType == "application/json")
      standIn.setFDSNCompression(false)
      let plain = try await self.query(standIn, Self.window + "&limit=50")
      #expect(plain.response.contentEncoding == nil && plain.ids == page.ids)
    }
  }

  @Test("starttime and endtime are inclusive to the millisecond")
  func inclusiveBounds() async throws {
    // 2024-01-10T12:00:00Z plus 122, 123, 456 and 457 ms.
    let base = 1_704_888_000.0
    let events = [("a", 0.122), ("b", 0.123), ("c", 0.456), ("d", 0.457)].map { id, fraction in
      FDSNEvent(
        id: id, time: Date(timeIntervalSince1970: base + fraction), magnitude: 2, latitude: 0, longitude: 0, depth: 5)
    }
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(FDSNCatalogue(events: events))
      let exact = try await self.query(
        standIn, "starttime=2024-01-10T12:00:00.123&endtime=2024-01-10T12:00:00.456&orderby=time-asc")
      let later = try await self.query(
        standIn, "starttime=2024-01-10T12:00:00.124Z&endtime=2024-01-10T12:00:00.456Z")
      let earlier = try await self.query(
        standIn, "starttime=2024-01-10T12:00:00.123&endtime=2024-01-10T12:00:00.455")
      let day = try await self.query(standIn, "starttime=2024-01-10&endtime=2024-01-11&orderby=time-asc")

      #expect(exact.ids == ["b", "c"])
      #expect(later.ids == ["c"])
      #expect(earlier.ids == ["b"])
      #expect(day.ids == ["a", "b", "c", "d"])
    }
  }

  @Test("without starttime and endtime, the last 30 days up to now, as at USGS")
  func defaultWindow() async throws {
    let now = Date()
    let catalogue = FDSNCatalogue.generated(
      count: 2_000, from: now.addingTimeInterval(-60 * 86_400), to: now.addingTimeInterval(86_400), seed: 3)
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(catalogue)

      let count = try await self.get(standIn, "count", "")

      let start = Int64(((now.timeIntervalSince1970 - 30 * 86_400) * 1_000).rounded())
      let expected = catalogue.events.count { $0.timeMilliseconds >= start && $0.time <= now }
      #expect(expected > 500 && expected < 1_500)
      #expect(Self.text(count) == "\(expected)\n")
    }
  }

  @Test("more matches than the maximum is USGS's 400; a limit brings them under it")
  func maximum() async throws {
    let catalogue = Self.catalogue()
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(catalogue)
      standIn.setFDSNMaximum(100)
      let uri = "/fdsnws/event/1/query?format=geojson&" + Self.window

      let refused = try await self.get(standIn, "query", "format=geojson&" + Self.window)
      let limited = try await self.query(standIn, Self.window + "&limit=100")
      let count = try await self.get(standIn, "count", Self.window + "&format=geojson")
      let tooLarge = try await self.get(standIn, "query", "format=geojson&" + Self.window + "&limit=101")

      let matching = Self.expected(catalogue).count
      let body = Self.text(refused)
      #expect(refused.status == 400)
      #expect(refused.contentType?.hasPrefix("text/plain") == true)
      #expect(
        body.hasPrefix(
          """
          Error 400: Bad Request

          \(matching) matching events exceeds search limit of 100. Modify the search to match fewer events.

          Usage details are available from https://earthquake.usgs.gov/fdsnws/event/1

          Request:
          \(uri)

          Request Submitted:

          """))
      #expect(body.hasSuffix("\n\nService version:\n1.14.1\n"))
      #expect(limited.response.status == 200 && limited.ids.count == 100)
      #expect(Self.text(count) == #"{"count":\#(matching),"maxAllowed":100}"#)
      #expect(tooLarge.status == 400 && Self.text(tooLarge).contains("limit"))
      #expect(standIn.fdsnMaximum == 100)
    }
  }

  @Test("a deleted event is left out, and served with status deleted to includedeleted=true")
  func includeDeleted() async throws {
    let catalogue = Self.catalogue()
    let deletedID = try #require(catalogue.events.first { $0.timeMilliseconds > Self.windowStart }?.id)
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(catalogue)
      let deletion = Date(timeIntervalSince1970: 1_710_000_000)
      let marked = standIn.withFDSNCatalogue { $0.markDeleted(id: deletedID, at: deletion) }

      let hidden = try await self.query(standIn, Self.window)
      let shown = try await self.query(standIn, Self.window + "&includedeleted=true")
      let explicit = try await self.query(standIn, Self.window + "&includedeleted=false")

      #expect(marked)
      #expect(standIn.fdsnCatalogue.event(id: deletedID)?.updated == deletion)
      #expect(!hidden.ids.contains(deletedID) && !explicit.ids.contains(deletedID))
      #expect(hidden.ids.count == Self.expected(catalogue).count - 1)
      let index = try #require(shown.ids.firstIndex(of: deletedID))
      #expect(shown.statuses[index] == "deleted")
      #expect(shown.ids.count == hidden.ids.count + 1)
    }
  }

  @Test("updatedafter serves the events updated after it, a deletion among them")
  func updatedAfter() async throws {
    let catalogue = Self.catalogue()
    // A whole second, written without a fraction: the bound is exact.
    let cut = Date(
      timeIntervalSince1970: catalogue.events[catalogue.count / 2].updated.timeIntervalSince1970.rounded(.down))
    let after = Int64(cut.timeIntervalSince1970) * 1_000
    let deletedID = catalogue.events[10].id
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(catalogue)
      standIn.withFDSNCatalogue { $0.markDeleted(id: deletedID, at: cut.addingTimeInterval(1)) }

      let page = try await self.query(
        standIn, "starttime=2024-01-01&endtime=2024-02-01&includedeleted=true&updatedafter=\(Self.iso(cut))")

      let expected = Set(standIn.fdsnCatalogue.events.filter { $0.updatedMilliseconds > after }.map(\.id))
      #expect(Set(page.ids) == expected)
      #expect(page.ids.contains(deletedID))
      #expect(expected.count > 1_000 && expected.count < catalogue.count)
    }
  }

  @Test("failFDSN answers the next requests with the status and Retry-After, then serves again")
  func failures() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(Self.catalogue())
      standIn.failFDSN(next: 2, status: 429, retryAfter: "3")

      let first = try await self.get(standIn, "query", Self.window)
      let second = try await self.get(standIn, "count", Self.window)
      let version = try await self.session.get(NetworkRequest(url: standIn.fdsnBaseURL + "version"))
      let third = try await self.get(standIn, "count", Self.window)
      await standIn.waitForFDSNRequests(4)

      #expect(first.status == 429 && second.status == 429)
      #expect(first.header("retry-after") == "3" && second.header("retry-after") == "3")
      #expect(Self.text(first).hasPrefix("Error 429: Too Many Requests\n"))
      #expect(version.status == 200, "version is no query: it uses up no failure")
      #expect(third.status == 200 && third.header("retry-after") == nil)
      let requests = standIn.fdsnRequests
      #expect(requests.count == 4)
      #expect(zip(requests, requests.dropFirst()).allSatisfy { $0.receivedAt <= $1.receivedAt })
    }
  }

  @Test("a 503 without Retry-After, and a delay before answering")
  func unavailableAndDelay() async throws {
    try await withUSGSStandIn { standIn in
      standIn.failFDSN(next: 1, status: 503)
      standIn.setFDSNDelay(.milliseconds(200))

      let clock = ContinuousClock()
      let start = clock.now
      let failed = try await self.get(standIn, "count", Self.window)
      let served = try await self.get(standIn, "count", Self.window)
      let elapsed = clock.now - start

      #expect(failed.status == 503 && failed.header("retry-after") == nil)
      #expect(served.status == 200 && Self.text(served) == "0\n")
      #expect(elapsed >= .milliseconds(400))
    }
  }

  @Test("orderby: newest first by default, time-asc, magnitude; offset and limit page through")
  func order() async throws {
    let catalogue = Self.catalogue()
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(catalogue)
      let window = Self.window + "&minmagnitude=3"

      let newest = try await self.query(standIn, window)
      let oldest = try await self.query(standIn, window + "&orderby=time-asc")
      let largest = try await self.query(standIn, window + "&orderby=magnitude&limit=5")
      let second = try await self.query(standIn, window + "&orderby=time-asc&offset=2&limit=3")

      let ascending = catalogue.events.filter {
        $0.timeMilliseconds >= Self.windowStart && $0.timeMilliseconds <= Self.windowEnd
          && ($0.magnitude ?? -1) >= 3
      }
      #expect(ascending.count > 10)
      #expect(oldest.ids == ascending.map(\.id))
      #expect(newest.ids == ascending.reversed().map(\.id))
      let magnitudes = largest.ids.compactMap { catalogue.event(id: $0)?.magnitude }
      #expect(magnitudes == ascending.compactMap(\.magnitude).sorted(by: >).prefix(5).map { $0 })
      #expect(second.ids == Array(ascending.map(\.id)[1...3]))
    }
  }

  @Test(
    "unknown parameters and bad values are 400s naming them",
    arguments: [
      ("foo=1", "Unknown parameter: foo"),
      ("minmagnitude=big", "Bad minmagnitude value \"big\""),
      ("starttime=2024-13-01", "Bad starttime value \"2024-13-01\""),
      ("latitude=95&longitude=0&maxradiuskm=10", "Bad latitude value \"95\""),
      ("latitude=35&longitude=140", "latitude and longitude need maxradius or maxradiuskm"),
      ("maxradiuskm=10", "maxradiuskm needs latitude and longitude"),
      ("orderby=size", "Bad orderby value \"size\""),
      ("limit=0", "Bad limit value \"0\""),
      ("alertlevel=purple", "Bad alertlevel value \"purple\""),
      ("includedeleted=maybe", "Bad includedeleted value \"maybe\""),
      ("format=csv", "Bad format value \"csv\""),
    ])
  func badRequests(parameters: String, message: String) async throws {
    try await withUSGSStandIn { standIn in
      let response = try await self.get(standIn, "query", parameters)

      #expect(response.status == 400)
      #expect(Self.text(response).hasPrefix("Error 400: Bad Request\n\n"))
      #expect(Self.text(response).contains(message))
    }
  }

  @Test("the generated catalogue is the same for a seed, sorted, in its span, with unique ids")
  func generated() throws {
    let first = FDSNCatalogue.generated(count: 5_000, from: Self.january, to: Self.february, seed: 11)
    let again = FDSNCatalogue.generated(count: 5_000, from: Self.january, to: Self.february, seed: 11)
    let other = FDSNCatalogue.generated(count: 5_000, from: Self.january, to: Self.february, seed: 12)
    let events = first.events

    #expect(events == again.events)
    #expect(events != other.events)
    #expect(events.count == 5_000 && Set(events.map(\.id)).count == 5_000)
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    #expect(events.allSatisfy { $0.time >= Self.january && $0.time < Self.february && $0.updated > $0.time })
    let magnitudes = events.compactMap(\.magnitude)
    #expect(magnitudes.allSatisfy { $0 >= 1 })
    #expect(magnitudes.count { $0 < 2 } > 5 * magnitudes.count { $0 >= 3 }, "Gutenberg–Richter: many small")
    #expect(events.allSatisfy { (0...700).contains($0.depth) || $0.eventType != "earthquake" })
    #expect(events.count { $0.depth < 30 } > events.count / 2, "mostly shallow")
    #expect(events.contains { $0.eventType == "quarry blast" } && events.contains { $0.felt != nil })
    #expect(FDSNCatalogue.generated(count: 10, from: Self.february, to: Self.january).count == 0)
  }

  @Test("inserting, updating and deleting keep the catalogue in time order")
  func mutations() throws {
    var catalogue = FDSNCatalogue.generated(count: 100, from: Self.january, to: Self.february)
    let moved = catalogue.events[50]
    var later = moved
    later.time = Self.february.addingTimeInterval(60)
    later.magnitude = 4.2

    let updated = catalogue.update(later)
    let absent = catalogue.update(
      FDSNEvent(id: "none", time: Self.january, magnitude: 1, latitude: 0, longitude: 0, depth: 0))
    catalogue.insert(
      FDSNEvent(
        id: "first", time: Self.january.addingTimeInterval(-1), magnitude: 1, latitude: 0, longitude: 0, depth: 0))
    let deleted = catalogue.markDeleted(id: "first", at: Self.february)
    let deletedAbsent = catalogue.markDeleted(id: "none", at: Self.february)

    #expect(updated && !absent && deleted && !deletedAbsent)
    #expect(catalogue.count == 101)
    #expect(catalogue.events.last?.id == moved.id && catalogue.events.last?.magnitude == 4.2)
    #expect(catalogue.events.first?.id == "first" && catalogue.events.first?.status == "deleted")
    #expect(zip(catalogue.events, catalogue.events.dropFirst()).allSatisfy { $0.time <= $1.time })
  }

  @Test(
    "a directory of real USGS feeds becomes the catalogue, each event's latest copy kept",
    .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)))
  func directory() async throws {
    let catalogue = try FDSNCatalogue(directory: Fixtures.directory.path)
    var latest: [String: Int64] = [:]
    for name in Fixtures.feeds {
      let object = try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes(name)))
      let features = try #require((object as? [String: Any])?["features"] as? [[String: Any]])
      for feature in features {
        let id = try #require(feature["id"] as? String)
        let properties = try #require(feature["properties"] as? [String: Any])
        let updated = try #require((properties["updated"] as? NSNumber)?.int64Value)
        latest[id] = max(latest[id] ?? .min, updated)
      }
    }

    #expect(catalogue.count == latest.count)
    #expect(catalogue.events.allSatisfy { latest[$0.id] == $0.updatedMilliseconds })
    let event = try #require(catalogue.event(id: "us7000dydz"))
    #expect(event.magnitude == 5.6 && event.alert == "green" && event.depth == 145 && event.felt == 52)
    try await withUSGSStandIn { standIn in
      standIn.setFDSNCatalogue(catalogue)

      let count = try await self.get(standIn, "count", "starttime=2000-01-01&endtime=2030-01-01")
      let large = try await self.query(
        standIn, "starttime=2000-01-01&endtime=2030-01-01&minmagnitude=6.5&orderby=time-asc")

      let expected = catalogue.events.filter { ($0.magnitude ?? 0) >= 6.5 }.map(\.id)
      #expect(Self.text(count) == "\(catalogue.events.count { $0.status != "deleted" })\n")
      #expect(large.ids == expected && !expected.isEmpty)
    }
  }

  /// `date` as an FDSN time in whole seconds, `2024-01-16T03:04:05Z`.
  private static func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    return formatter.string(from: date)
  }
}
