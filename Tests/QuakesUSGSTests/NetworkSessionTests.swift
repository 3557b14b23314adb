import Foundation
import QuakesModel
import QuakesTestSupport
import QuakesUSGS
import Testing
import USGSStandIn

/// libcurl, for real, against the USGS stand-in on 127.0.0.1.
@Suite("CurlNetworkSession against the USGS stand-in", .timeLimit(.minutes(3)))
struct NetworkSessionTests {
  private let body = SyntheticFeed.body(ids: SyntheticFeed.ids(3))

  /// Runs `test` with a stand-in serving `body` as `all_day`.
  private func withFeed(_ test: (USGSStandIn, String) async throws -> Void) async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: self.body)
      try await test(standIn, standIn.url(forFeed: "all_day"))
    }
  }

  /// The ``NetworkError`` that `request` fails with.
  private func networkError(
    _ session: CurlNetworkSession,
    _ request: NetworkRequest,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> NetworkError? {
    do {
      let response = try await session.get(request)
      Issue.record("expected a NetworkError, got HTTP \(response.status)", sourceLocation: sourceLocation)
    } catch let error as NetworkError {
      return error
    } catch {
      Issue.record("expected a NetworkError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
  }

  @Test("a GET returns the status line, the validators and the body, and sends the User-Agent")
  func plainGet() async throws {
    try await self.withFeed { standIn, url in
      let response = try await CurlNetworkSession().get(NetworkRequest(url: url))

      #expect(response.status == 200)
      #expect(response.statusLine == "HTTP/1.1 200 OK")
      #expect(response.url == url)
      #expect(response.body == Array(self.body.utf8))
      #expect(response.etag == standIn.etag(forFeed: "all_day"))
      #expect(response.lastModified == standIn.lastModified(forFeed: "all_day"))
      let request = try #require(standIn.requests(forFeed: "all_day").first)
      #expect(request.method == "GET")
      #expect(request.header("User-Agent") == QuakesdProduct.userAgent)
      #expect(request.header("User-Agent")?.hasPrefix("quakesd/\(QuakesdProduct.version)") == true)
      #expect(request.header("If-None-Match") == nil)
    }
  }

  @Test("gzip is negotiated: asked for, sent compressed, handed back decoded")
  func gzip() async throws {
    let large = SyntheticFeed.body(ids: SyntheticFeed.ids(500))
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_week", body: large)

      let response = try await CurlNetworkSession().get(NetworkRequest(url: standIn.url(forFeed: "all_week")))

      let acceptEncoding = try #require(standIn.requests.first?.header("Accept-Encoding"))
      #expect(acceptEncoding.contains("gzip"))
      #expect(response.contentEncoding == "gzip")
      #expect(Int(response.header("Content-Length") ?? "") ?? .max < large.utf8.count)
      #expect(response.body == Array(large.utf8))
    }
  }

  @Test("the validators go out as If-None-Match and If-Modified-Since, and an unchanged feed answers 304")
  func conditionalGet() async throws {
    try await self.withFeed { standIn, url in
      let session = CurlNetworkSession()
      let first = try await session.get(NetworkRequest(url: url))

      let second = try await session.get(
        NetworkRequest(url: url, ifNoneMatch: first.etag, ifModifiedSince: first.lastModified))

      #expect(second.status == 304)
      #expect(second.body.isEmpty)
      let request = try #require(standIn.requests(forFeed: "all_day").last)
      #expect(request.header("If-None-Match") == first.etag)
      #expect(request.header("If-Modified-Since") == first.lastModified)
    }
  }

  @Test("a validator with a line break is not sent (it could smuggle in a header)")
  func headerInjection() async throws {
    try await self.withFeed { standIn, url in
      let response = try await CurlNetworkSession().get(NetworkRequest(url: url, ifNoneMatch: "\"x\"\r\nX-Injected: 1"))

      #expect(response.status == 200)
      let request = try #require(standIn.requests.first)
      #expect(request.header("If-None-Match") == nil)
      #expect(request.header("X-Injected") == nil)
    }
  }

  @Test("an error status is a response, not an error")
  func errorStatus() async throws {
    try await self.withFeed { standIn, url in
      standIn.setBehaviour(.status(503), forFeed: "all_day")

      let response = try await CurlNetworkSession().get(NetworkRequest(url: url))

      #expect(response.status == 503)
      #expect(response.statusLine == "HTTP/1.1 503 Service Unavailable")
    }
  }

  @Test(
    "a body over the cap is refused, whether announced by Content-Length or found while decoding",
    arguments: [true, false])
  func cap(announceLength: Bool) async throws {
    try await self.withFeed { standIn, url in
      standIn.setBehaviour(.oversized(byteCount: 1 << 20, announceLength: announceLength), forFeed: "all_day")
      let session = CurlNetworkSession(configuration: .init(maximumResponseSize: 64 << 10))

      let error = await self.networkError(session, NetworkRequest(url: url))

      #expect(error?.kind == .tooLarge(limit: 64 << 10))
      #expect(error?.reason.contains("larger than the cap of 64 KiB") == true)
    }
  }

  @Test("a body under the cap passes")
  func underCap() async throws {
    try await self.withFeed { standIn, url in
      standIn.setBehaviour(.oversized(byteCount: 60 << 10, announceLength: true), forFeed: "all_day")
      let session = CurlNetworkSession(configuration: .init(maximumResponseSize: 64 << 10))

      let response = try await session.get(NetworkRequest(url: url))

      #expect(response.body.count == 60 << 10)
    }
  }

  @Test("a body cut short of its Content-Length is truncated")
  func truncated() async throws {
    try await self.withFeed { standIn, url in
      standIn.setBehaviour(.truncate(keepingBytes: 100), forFeed: "all_day")

      let error = await self.networkError(CurlNetworkSession(), NetworkRequest(url: url))

      #expect(error?.kind == .truncated)
    }
  }

  @Test("a server slower than the total timeout, or silent, times out", arguments: [false, true])
  func timeout(silent: Bool) async throws {
    try await self.withFeed { standIn, url in
      standIn.setBehaviour(silent ? .neverAnswer : .delay(.seconds(30)), forFeed: "all_day")
      let session = CurlNetworkSession(configuration: .init(totalTimeout: .milliseconds(300)))

      let error = await self.networkError(session, NetworkRequest(url: url))

      #expect(error?.kind == .timedOut(limit: .milliseconds(300)))
      #expect(error?.reason.contains("no complete response within the total timeout of 300 ms") == true)
    }
  }

  @Test("a closed port refuses the connection")
  func refused() async throws {
    let closed = try RefusingPort()
    let url = closed.baseURL + "all_day.geojson"

    let error = await self.networkError(CurlNetworkSession(), NetworkRequest(url: url))

    #expect(error?.kind == .connectionRefused)
    #expect(error?.errorDescription?.contains(url) == true)
  }

  @Test("https to a server that does not speak TLS fails the handshake")
  func tls() async throws {
    try await self.withFeed { standIn, url in
      let https = "https://" + url.dropFirst("http://".count)

      let error = await self.networkError(CurlNetworkSession(), NetworkRequest(url: https))

      #expect(error?.kind == .tls)
      #expect(error?.reason.contains("TLS is always verified") == true)
    }
  }

  @Test("a slow answer on a reused connection is a total timeout, not a connect timeout")
  func timeoutOnReusedConnection() async throws {
    try await self.withFeed { standIn, url in
      // Every session shares the loop's connection cache: the second request reuses the first's connection.
      _ = try await CurlNetworkSession().get(NetworkRequest(url: url))
      standIn.setBehaviour(.delay(.seconds(30)), forFeed: "all_day")
      let session = CurlNetworkSession(configuration: .init(totalTimeout: .milliseconds(300)))

      let error = await self.networkError(session, NetworkRequest(url: url))

      #expect(error?.kind == .timedOut(limit: .milliseconds(300)))
    }
  }

  @Test("a URL that is not http or https is refused before any connection")
  func otherScheme() async {
    let error = await self.networkError(CurlNetworkSession(), NetworkRequest(url: "file:///etc/passwd"))

    #expect(error?.kind == .invalidURL)
  }

  @Test("cancelling the task aborts a transfer the server never answers")
  func cancellation() async throws {
    try await self.withFeed { standIn, url in
      standIn.setBehaviour(.neverAnswer, forFeed: "all_day")
      let session = CurlNetworkSession(configuration: .init(totalTimeout: .seconds(300)))
      let task = Task { try await session.get(NetworkRequest(url: url)) }

      await standIn.waitForRequests(1, forFeed: "all_day")
      task.cancel()
      let result = await task.result

      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("a task cancelled before its transfer starts throws CancellationError")
  func cancelledBeforehand() async throws {
    try await self.withFeed { standIn, url in
      standIn.setBehaviour(.neverAnswer, forFeed: "all_day")
      let session = CurlNetworkSession(configuration: .init(totalTimeout: .seconds(300)))
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await session.get(NetworkRequest(url: url))
      }

      let result = await task.result

      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("transfers run concurrently: a silent feed does not hold up another")
  func concurrency() async throws {
    try await self.withFeed { standIn, url in
      standIn.setFeed("all_hour", body: self.body)
      standIn.setBehaviour(.neverAnswer, forFeed: "all_day")
      let session = CurlNetworkSession(configuration: .init(totalTimeout: .seconds(300)))
      let silent = Task { try await session.get(NetworkRequest(url: url)) }
      await standIn.waitForRequests(1, forFeed: "all_day")

      let other = try await session.get(NetworkRequest(url: standIn.url(forFeed: "all_hour")))

      #expect(other.status == 200)
      silent.cancel()
      await #expect(throws: CancellationError.self) { try await silent.value }
    }
  }
}
