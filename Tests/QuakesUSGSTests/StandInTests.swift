import Foundation
import QuakesTestSupport
import QuakesUSGS
import Testing
import USGSStandIn

/// The stand-in itself: what tests and the offline demo rely on.
@Suite("USGSStandIn: a USGS look-alike on 127.0.0.1", .timeLimit(.minutes(3)))
struct StandInTests {
  private let session = CurlNetworkSession()

  @Test("it listens on a port the kernel chose and serves under the real service's path")
  func baseURL() async throws {
    try await withUSGSStandIn { standIn in
      #expect(standIn.port > 0)
      #expect(standIn.baseURL == "http://127.0.0.1:\(standIn.port)/earthquakes/feed/v1.0/summary/")
      #expect(standIn.url(forFeed: "all_day") == standIn.baseURL + "all_day.geojson")
    }
  }

  @Test("a custom base path is normalised with its slashes")
  func customBasePath() async throws {
    try await withUSGSStandIn(basePath: "mirror") { standIn in
      standIn.setFeed("all_hour", body: "{}")

      let response = try await self.session.get(NetworkRequest(url: standIn.url(forFeed: "all_hour")))

      #expect(standIn.basePath == "/mirror/")
      #expect(response.status == 200)
    }
  }

  @Test("Last-Modified is the HTTP date of the body, and the ETag follows the body")
  func validators() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: "one", lastModified: Date(timeIntervalSince1970: 784_111_777.9))
      let first = standIn.etag(forFeed: "all_day")
      standIn.setFeed("all_day", body: "two", lastModified: Date(timeIntervalSince1970: 784_111_777))

      #expect(standIn.lastModified(forFeed: "all_day") == "Sun, 06 Nov 1994 08:49:37 GMT")
      #expect(first != standIn.etag(forFeed: "all_day"))
      #expect(standIn.etag(forFeed: "all_day")?.hasPrefix("\"") == true)
    }
  }

  @Test("If-Modified-Since alone: 304 when not older than the body, 200 when older")
  func ifModifiedSince() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: "{}", lastModified: Date(timeIntervalSince1970: 1_700_000_000))
      let url = standIn.url(forFeed: "all_day")

      let same = try await self.session.get(NetworkRequest(url: url, ifModifiedSince: "Tue, 14 Nov 2023 22:13:20 GMT"))
      let older = try await self.session.get(NetworkRequest(url: url, ifModifiedSince: "Tue, 14 Nov 2023 22:13:19 GMT"))
      let unreadable = try await self.session.get(NetworkRequest(url: url, ifModifiedSince: "yesterday"))

      #expect(same.status == 304)
      #expect(older.status == 200)
      #expect(unreadable.status == 200)
    }
  }

  @Test("If-None-Match decides over If-Modified-Since")
  func ifNoneMatchWins() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: "{}", lastModified: Date(timeIntervalSince1970: 1_700_000_000))
      let url = standIn.url(forFeed: "all_day")

      let response = try await self.session.get(
        NetworkRequest(url: url, ifNoneMatch: "\"stale\"", ifModifiedSince: "Tue, 14 Nov 2023 22:13:20 GMT"))
      let weak = try await self.session.get(
        NetworkRequest(url: url, ifNoneMatch: "W/" + (standIn.etag(forFeed: "all_day") ?? "")))

      #expect(response.status == 200)
      #expect(weak.status == 304)
    }
  }

  @Test("unknown feeds, other paths and other methods are refused like a web server would")
  func notFound() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: "{}")
      standIn.removeFeed("all_day")

      let removed = try await self.session.get(NetworkRequest(url: standIn.url(forFeed: "all_day")))
      let elsewhere = try await self.session.get(NetworkRequest(url: "http://127.0.0.1:\(standIn.port)/index.html"))

      #expect(removed.status == 404)
      #expect(elsewhere.status == 404)
      #expect(standIn.requests.map(\.feed) == ["all_day", nil])
    }
  }

  @Test("a feed's behaviour can be set back to serving")
  func behaviourReset() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: "{}")
      standIn.setBehaviour(.status(500), forFeed: "all_day")
      let failing = try await self.session.get(NetworkRequest(url: standIn.url(forFeed: "all_day")))
      standIn.setBehaviour(.serve, forFeed: "all_day")

      let serving = try await self.session.get(NetworkRequest(url: standIn.url(forFeed: "all_day")))

      #expect(failing.status == 500)
      #expect(serving.status == 200)
      #expect(serving.body == Array("{}".utf8))
    }
  }

  @Test("an HTML page is served as text/html with the status asked for")
  func htmlPage() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setBehaviour(.htmlErrorPage(status: 503), forFeed: "all_day")

      let response = try await self.session.get(NetworkRequest(url: standIn.url(forFeed: "all_day")))

      #expect(response.status == 503)
      #expect(response.contentType?.hasPrefix("text/html") == true)
      #expect(response.body.starts(with: Array("<!DOCTYPE html>".utf8)))
    }
  }

  @Test("a delay shorter than the client's timeout only slows the answer")
  func shortDelay() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: "{}")
      standIn.setBehaviour(.delay(.milliseconds(20)), forFeed: "all_day")

      let response = try await self.session.get(NetworkRequest(url: standIn.url(forFeed: "all_day")))

      #expect(response.status == 200)
    }
  }

  @Test("a directory's .geojson files become feeds, the newest of each feed winning")
  func directory() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let files = [
      "all_day.geojson": "day", "all_hour-2020-01-01T0000Z-a.geojson": "old",
      "all_hour-2021-01-01T0000Z-b.geojson": "new",
      "2.5_week-2021-11-28T1352Z-c.geojsonp": "jsonp", "INDEX.tsv": "index",
    ]
    for (name, content) in files {
      try Data(content.utf8).write(to: URL(fileURLWithPath: directory.file(name)))
    }

    try await withUSGSStandIn { standIn in
      let feeds = try standIn.setFeeds(fromDirectory: directory.path)

      #expect(feeds == ["all_day", "all_hour"])
      let hour = try await self.session.get(NetworkRequest(url: standIn.url(forFeed: "all_hour")))
      #expect(hour.body == Array("new".utf8))
      #expect(standIn.lastModified(forFeed: "all_day") != nil)
    }
  }

  @Test("shutdown wakes waiters, closes unanswered connections, and may be called twice")
  func shutdown() async throws {
    let standIn = try await USGSStandIn.start()
    standIn.setBehaviour(.neverAnswer, forFeed: "all_day")
    let session = CurlNetworkSession(configuration: .init(totalTimeout: .seconds(300)))
    let url = standIn.url(forFeed: "all_day")
    let pending = Task { try await session.get(NetworkRequest(url: url)) }
    await standIn.waitForRequests(1, forFeed: "all_day")
    let waiter = Task { await standIn.waitForRequests(5) }

    await standIn.shutdown()
    await standIn.shutdown()

    await waiter.value
    await #expect(throws: NetworkError.self) { try await pending.value }
  }
}
