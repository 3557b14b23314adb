import Foundation
import QuakesModel
import QuakesTestSupport
import Testing

/// The FDSN event web service of a real quakesd that polled a real feed,
/// asked with curl: each parameter set gives the events `quakectl list`
/// gives with the same filters (GeoJSON byte for byte, but `generated`),
/// and every refusal is the specification's error document.
@Suite(
  "FDSN event service: the same events as quakectl, the specification's errors",
  .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)), .timeLimit(.minutes(3)))
struct FDSNServiceTests {
  static let fixture = "2.5_month-2025-10-29T2039Z-sgoggins.geojson"

  /// A question asked both ways: FDSN parameters, and quakectl's flags.
  struct Case: Sendable, CustomStringConvertible {
    let query: String
    let flags: [String]
    var description: String { self.query }
  }

  static let cases: [Case] = [
    Case(query: "", flags: []),
    Case(query: "minmagnitude=4.5", flags: ["--min-magnitude", "4.5"]),
    Case(
      query: "minmag=3&maxmag=3.5&maxdepth=10",
      flags: ["--min-magnitude", "3", "--max-magnitude", "3.5", "--max-depth", "10"]),
    Case(
      query: "minlatitude=15&maxlatitude=20&minlongitude=-70&maxlongitude=-60",
      flags: ["--bbox", "15,-70,20,-60"]),
    Case(query: "latitude=61&longitude=-150&maxradiuskm=300", flags: ["--near", "61,-150", "--radius", "300km"]),
    Case(query: "orderby=magnitude&limit=10", flags: ["--sort", "magnitude", "--limit", "10"]),
    Case(query: "orderby=time-asc&limit=5&offset=4", flags: ["--forward", "--limit", "5", "--offset", "3"]),
    Case(query: "orderby=magnitude-asc&limit=7", flags: ["--sort", "magnitude", "--forward", "--limit", "7"]),
    Case(
      query: "starttime=2025-10-20T00:00:00&endtime=2025-10-21T12:00:00.500",
      flags: ["--since", "2025-10-20T00:00:00Z", "--until", "2025-10-21T12:00:00.501Z"]),
    Case(query: "eventtype=explosion", flags: ["--event-type", "explosion"]),
    Case(query: "catalog=ak&magtype=ml", flags: ["--network", "ak", "--magnitude-type", "ml"]),
    Case(query: "minfelt=10&mincdi=3", flags: ["--min-felt", "10", "--min-cdi", "3"]),
    Case(
      query: "minsig=600&reviewstatus=reviewed", flags: ["--min-significance", "600", "--review-status", "reviewed"]),
    Case(query: "alertlevel=green", flags: ["--alert", "green"]),
    Case(query: "updatedafter=2025-10-25T00:00:00", flags: ["--updated-after", "2025-10-25T00:00:00Z"]),
    // A ring: minradius in degrees is the same km quakectl is given.
    Case(
      query: "latitude=61&longitude=-150&maxradiuskm=300&minradius=0.5",
      flags: ["--near", "61,-150", "--radius", "300km", "--min-radius", "\(0.5 * Earth.halfCircumferenceKm / 180)km"]),
  ]

  /// The service's base URL (`…/fdsnws/event/1/`) that `daemon` logged.
  static func base(of daemon: QuakesdProcess) throws -> String {
    let line = try #require(daemon.child.printed.first { $0.contains("serving the FDSN event service on ") })
    let start = try #require(line.range(of: "http://"))
    return String(line[start.lowerBound...].prefix { !$0.isWhitespace })
  }

  /// A curl of `url`: the status, the headers (names lower-cased) and the body.
  static func get(_ url: String, _ options: [String] = []) async throws -> (
    status: Int, headers: [String: String], body: String
  ) {
    let result = try await Command.run("/usr/bin/curl", ["-sS", "-i"] + options + [url])
    #expect(result.status == 0, "curl \(url): \(result.errors)")
    let parts = result.output.components(separatedBy: "\r\n\r\n")
    let head = parts.first ?? ""
    let body = parts.dropFirst().joined(separator: "\r\n\r\n")
    let lines = head.components(separatedBy: "\r\n")
    let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (status, headers, body)
  }

  /// GeoJSON with its `generated` time taken out.
  static func withoutGenerated(_ text: String) -> String {
    text.replacing(/"generated":\d+/, with: "\"generated\":0")
  }

  @Test("text and GeoJSON answers hold the events quakectl list gives, in its order")
  func sameEventsAsQuakectl() async throws {
    try await withDaemon(servingFeed: try Fixtures.bytes(Self.fixture), arguments: ["--http-listen", "0"]) {
      daemon, _ in
      let base = try Self.base(of: daemon)
      for question in Self.cases {
        let listed = try await quakectl(["list", "--format", "json"] + question.flags, daemon: daemon)
        #expect(listed.status == 0, "\(question): \(listed.errors)")
        let ids = (listed.json as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(!ids.isEmpty, "\(question) matches something in the fixture")
        let text = try await Self.get(base + "query?format=text&" + question.query)
        #expect(text.status == 200 && text.headers["content-type"] == "text/plain; charset=utf-8", "\(question)")
        let rows = text.body.split(separator: "\n").dropFirst()
        #expect(rows.map { String($0.prefix { $0 != "|" }) } == ids, "\(question)")
        // A page (256 events) is written whole; a longer answer from a cursor, in chunks.
        let isLong = ids.count > 256
        #expect((text.headers["transfer-encoding"] == "chunked") == isLong, "\(question): \(ids.count) events")
        #expect((text.headers["content-length"] == String(text.body.utf8.count)) == !isLong, "\(question)")

        let geojson = try await quakectl(["list", "--format", "geojson"] + question.flags, daemon: daemon)
        let served = try await Self.get(base + "query?format=geojson&" + question.query)
        #expect(served.headers["content-type"] == "application/json")
        #expect(Self.withoutGenerated(served.body) == Self.withoutGenerated(geojson.output), "\(question)")

        // count takes the filters; the order and the page are list's.
        guard !question.query.contains("orderby") else { continue }
        let count = try await Self.get(base + "count?" + question.query)
        let counted = try await quakectl(["count", "--format", "table"] + question.flags, daemon: daemon)
        #expect(count.body == counted.output, "\(question): count \(count.body) vs quakectl \(counted.output)")
      }
    }
  }

  @Test("QuakeML is the default; an event by id; no match is 204, or 404 with nodata=404")
  func formatsAndNoData() async throws {
    try await withDaemon(servingFeed: try Fixtures.bytes(Self.fixture), arguments: ["--http-listen", "0"]) {
      daemon, _ in
      let base = try Self.base(of: daemon)
      let xml = try await Self.get(base + "query?limit=3")
      #expect(xml.status == 200 && xml.headers["content-type"] == "application/xml")
      #expect(xml.body.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<q:quakeml"))
      #expect(xml.body.components(separatedBy: "<event publicID=").count == 4)
      // A page is written whole, its length told (a long answer is chunked).
      #expect(xml.headers["content-length"] == String(xml.body.utf8.count) && xml.headers["transfer-encoding"] == nil)
      let newest = try await quakectl(["list", "--format", "json", "--limit", "1"], daemon: daemon)
      let id = try #require((newest.json as? [[String: Any]])?.first?["id"] as? String)
      let one = try await Self.get(base + "query?format=text&eventid=" + id)
      #expect(one.body.split(separator: "\n").count == 2 && one.body.contains("\n\(id)|"))
      let none = try await Self.get(base + "query?minmagnitude=9.9")
      #expect(none.status == 204 && none.body.isEmpty)
      let notFound = try await Self.get(base + "query?minmagnitude=9.9&nodata=404")
      #expect(notFound.status == 404 && notFound.body.hasPrefix("Error 404: Not Found\n"))
      let missing = try await Self.get(base + "query?eventid=nosuchquake")
      #expect(missing.status == 204)
      let head = try await Self.get(base + "query?limit=3", ["-I"])
      #expect(head.status == 200 && head.body.isEmpty && head.headers["content-type"] == "application/xml")
      #expect(head.headers["content-length"] == xml.headers["content-length"])
      #expect(try await Self.get(base + "version").body == "1.2.0\n")
      let wadl = try await Self.get(base + "application.wadl")
      #expect(wadl.body.contains("<resources base=\"\(base)\">"))
      let catalogs = try await Self.get(base + "catalogs")
      #expect(catalogs.body.contains("<Catalog>ak</Catalog>") && catalogs.body.contains("<Catalog>us</Catalog>"))
      let contributors = try await Self.get(base + "contributors")
      #expect(contributors.body.contains("<Contributor>us</Contributor>"))
    }
  }

  /// A request the service refuses: its status and a part of its reason.
  struct Refusal: Sendable, CustomStringConvertible {
    let target: String
    let status: Int
    let reason: String
    var description: String { self.target }
  }

  static let refusals: [Refusal] = [
    Refusal(target: "query?minmagnitude=big", status: 400, reason: "Bad minmagnitude value: big. It must be a number."),
    Refusal(target: "query?minlatitude=-91", status: 400, reason: "Bad minlatitude value: -91."),
    Refusal(target: "query?starttime=2025-13-01", status: 400, reason: "Bad starttime value: 2025-13-01."),
    Refusal(target: "query?limit=0", status: 400, reason: "Bad limit value: 0."),
    Refusal(target: "query?orderby=nearest", status: 400, reason: "Bad orderby value: nearest."),
    Refusal(target: "query?format=kml", status: 400, reason: "Bad format value: kml."),
    Refusal(target: "query?nodata=200", status: 400, reason: "Bad nodata value: 200."),
    Refusal(target: "query?includearrivals=true", status: 400, reason: "includearrivals=true is not supported"),
    Refusal(target: "query?producttype=shakemap", status: 400, reason: "producttype is not supported"),
    Refusal(target: "query?includeallorigins=true", status: 400, reason: "includeallorigins=true is not supported"),
    Refusal(
      target: "query?includeallmagnitudes=TRUE", status: 400, reason: "includeallmagnitudes=true is not supported"),
    Refusal(
      target: "query?eventtype=earthquake,explosion", status: 400,
      reason: "eventtype is served with one type at a time, not a list: earthquake,explosion."),
    Refusal(target: "query?contributor=us", status: 400, reason: "contributor is not served"),
    Refusal(
      target: "query?minmag=5&maxmag=4", status: 400, reason: "minmagnitude must not be greater than maxmagnitude."),
    Refusal(
      target: "count?mindepth=50&maxdepth=10", status: 400, reason: "mindepth must not be greater than maxdepth."),
    Refusal(
      target: "query?minlat=10&maxlat=5", status: 400, reason: "minlatitude must not be greater than maxlatitude."),
    Refusal(target: "query?start=2025-02-01&end=2025-01-01", status: 400, reason: "starttime must be before endtime."),
    Refusal(
      target: "query?maxradius=2&maxradiuskm=100&lat=0&lon=0", status: 400,
      reason: "maxradius and maxradiuskm are both given"),
    Refusal(target: "query?nosuch=1", status: 400, reason: "Unknown parameter: nosuch."),
    Refusal(target: "query?minmag=1&minmag=2", status: 400, reason: "minmagnitude is given more than once."),
    Refusal(target: "query?minmag=%zz", status: 400, reason: "The query has a % not followed by two hex digits"),
    Refusal(target: "count?maxradius=200", status: 400, reason: "Bad maxradius value: 200."),
    Refusal(target: "query?limit=6", status: 400, reason: "Bad limit value: 6. It must be a whole number from 1 to 5."),
    Refusal(
      target: "query", status: 400,
      reason: " matching events exceeds search limit of 5. Modify the search to match fewer events."),
    Refusal(target: "nosuch", status: 404, reason: "/fdsnws/event/1/nosuch is not a resource"),
  ]

  @Test("every refusal is the specification's document: status, reason, usage, the request, its time, the version")
  func refusalsAreDocuments() async throws {
    try await withDaemon(
      servingFeed: try Fixtures.bytes(Self.fixture), arguments: ["--http-listen", "0"],
      environment: ["QUAKESD_HTTP_MAX_EVENTS": "5"]
    ) { daemon, _ in
      let base = try Self.base(of: daemon)
      for refusal in Self.refusals {
        let answer = try await Self.get(base + refusal.target)
        #expect(answer.status == refusal.status, "\(refusal)")
        #expect(answer.headers["content-type"] == "text/plain; charset=utf-8", "\(refusal)")
        let phrase = refusal.status == 400 ? "Bad Request" : "Not Found"
        #expect(answer.body.hasPrefix("Error \(refusal.status): \(phrase)\n\n"), "\(refusal): \(answer.body)")
        #expect(answer.body.contains(refusal.reason), "\(refusal): \(answer.body)")
        #expect(answer.body.contains("Usage details are available from \(base)application.wadl\n"))
        #expect(answer.body.contains("\nRequest:\n/fdsnws/event/1/\(refusal.target)\n"), "\(answer.body)")
        #expect(answer.body.contains("\nRequest Submitted:\n20"))
        #expect(answer.body.hasSuffix("\nService version:\n1.2.0\n"))
      }
      let five = try await Self.get(base + "query?limit=5&format=text")
      #expect(five.status == 200 && five.body.split(separator: "\n").count == 6, "a limit at the ceiling is served")
      // Without a limit, the ceiling holds the events past the offset (which counts from 1).
      let counted = try await quakectl(["count", "--format", "table"], daemon: daemon)
      let total = try #require(Int(counted.output.trimmingCharacters(in: .whitespacesAndNewlines)))
      let tail = try await Self.get(base + "query?format=text&offset=\(total - 3)")
      #expect(tail.status == 200 && tail.body.split(separator: "\n").count == 5, "4 events past the offset: \(tail)")
      let over = try await Self.get(base + "query?format=text&offset=\(total - 5)")
      #expect(over.status == 400 && over.body.contains("exceeds search limit of 5"), "6 events past the offset")
      let posted = try await Self.get(base + "query", ["-X", "POST", "-d", "minmag=4"])
      #expect(posted.status == 405 && posted.headers["allow"] == "GET, HEAD")
      #expect(posted.body.hasPrefix("Error 405: Method Not Allowed\n"))
    }
  }

  @Test("ETag: an unchanged cache answers 304, also after a poll that changed nothing; a change answers 200 anew")
  func entityTags() async throws {
    let ids = SyntheticFeed.ids(5)
    try await withDaemon(serving: ids, arguments: ["--http-listen", "0"]) { daemon, standIn in
      let base = try Self.base(of: daemon)
      let first = try await Self.get(base + "query?format=text")
      let tag = try #require(first.headers["etag"])
      #expect(first.headers["cache-control"] == "no-cache")
      let again = try await Self.get(base + "query?format=text", ["-H", "If-None-Match: \(tag)"])
      #expect(again.status == 304 && again.body.isEmpty && again.headers["etag"] == tag)
      let counted = try await Self.get(base + "count", ["-H", "If-None-Match: \(tag)"])
      #expect(counted.status == 304, "one tag for every answer of the same cache")

      // The same quakes with a later `generated`: written 0/0/0, the tag stays.
      let same = SyntheticFeed.body(ids: ids).replacing(
        "\"generated\":\(SyntheticFeed.generated)", with: "\"generated\":\(SyntheticFeed.generated + 60_000)")
      standIn.setFeed("all_day", body: same)
      let refresh = try await quakectl(["refresh", "--feed", "all_day", "--wait", "--format", "json"], daemon: daemon)
      #expect(refresh.status == 0 && refresh.output.contains("\"written\""), "\(refresh.output) \(refresh.errors)")
      #expect(
        refresh.output.contains("\"inserted\":0") && refresh.output.contains("\"updated\":0"), "\(refresh.output)")
      #expect(try await Self.get(base + "query?format=text", ["-H", "If-None-Match: \(tag)"]).status == 304)

      let deleted = try await quakectl(["delete", ids[0]], daemon: daemon)
      #expect(deleted.status == 0, "\(deleted.errors)")
      let changed = try await Self.get(base + "query?format=text", ["-H", "If-None-Match: \(tag)"])
      #expect(changed.status == 200 && changed.headers["etag"] != tag)
      #expect(!changed.body.contains(ids[0] + "|"))
    }
  }

  @Test(
    "a client beyond this host over http-rate-limit gets 429 with Retry-After; this host's own are not limited",
    .enabled(if: Self.nonLoopbackAddress != nil, "this machine has no address beyond the loopback one"))
  func rateLimit() async throws {
    let address = try #require(Self.nonLoopbackAddress)
    try await withDaemon(
      serving: SyntheticFeed.ids(3), arguments: ["--http-listen", "\(address):0"],
      environment: ["QUAKESD_HTTP_RATE_LIMIT": "0.01"]
    ) { daemon, _ in
      let base = try Self.base(of: daemon)
      // From this host's own address beyond the loopback: a client like any other.
      let first = try await Self.get(base + "version")
      #expect(first.status == 200)
      let second = try await Self.get(base + "version")
      #expect(second.status == 429, "one request in 100 s, in bursts of one")
      #expect(
        second.headers["retry-after"].flatMap(Int.init).map { (1...100).contains($0) } == true, "\(second.headers)")
      #expect(second.body.hasPrefix("Error 429: Too Many Requests\n\nMore than 0.01 requests a second"))
    }
  }

  /// An IPv4 address of this machine's other than the loopback one, if any.
  static let nonLoopbackAddress: String? = {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return nil }
    defer { freeifaddrs(first) }
    var entry = first
    while let current = entry {
      defer { entry = current.pointee.ifa_next }
      guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      guard
        getnameinfo(
          address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
      else { continue }
      let text = String(decoding: host.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
      if !text.hasPrefix("127.") { return text }
    }
    return nil
  }()
}
