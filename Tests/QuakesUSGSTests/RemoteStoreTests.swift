import QuakesData
import QuakesModel
import QuakesTestSupport
import QuakesUSGS
import Testing
import USGSStandIn

/// The remote store: feed URL → libcurl → the stand-in → decoder → batch or error.
@Suite("USGSRemoteStore against the USGS stand-in", .timeLimit(.minutes(3)))
struct RemoteStoreTests {
  /// A remote store on `standIn`, with a small cap for the failure modes.
  private func store(
    on standIn: USGSStandIn,
    totalTimeout: Duration = .seconds(30)
  ) throws -> USGSRemoteStore<CurlNetworkSession> {
    let configuration = CurlNetworkSession.Configuration(totalTimeout: totalTimeout, maximumResponseSize: 64 << 10)
    return USGSRemoteStore(catalogue: try USGSFeedCatalogue(baseURL: standIn.baseURL), configuration: configuration)
  }

  @Test("200: the feed decodes and the batch carries the response's validators")
  func modified() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: ["aa1", "aa2"]))

      let fetch = try await self.store(on: standIn).fetchRemoteQuakesQuery(feed: .allDay, validators: FeedValidators())

      guard case .modified(let batch) = fetch else {
        Issue.record("expected a batch, got \(fetch)")
        return
      }
      #expect(batch.quakes.map(\.id) == ["aa1", "aa2"])
      #expect(batch.generated == Timestamp.date(milliseconds: SyntheticFeed.generated))
      #expect(batch.validators.etag == standIn.etag(forFeed: "all_day"))
      #expect(batch.validators.lastModified == standIn.lastModified(forFeed: "all_day"))
      #expect(batch.validators.etag != nil && batch.validators.lastModified != nil)
    }
  }

  @Test("304: the validators of the last batch make an unchanged feed .notModified")
  func notModified() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("4.5_week", body: SyntheticFeed.body(ids: ["bb1"]))
      let store = try self.store(on: standIn)
      let feed = try #require(QuakesFeed(name: "4.5_week"))
      guard case .modified(let batch) = try await store.fetchRemoteQuakesQuery(feed: feed, validators: FeedValidators())
      else {
        Issue.record("the first fetch should be a batch")
        return
      }

      let second = try await store.fetchRemoteQuakesQuery(feed: feed, validators: batch.validators)

      #expect(second == .notModified)
      let request = try #require(standIn.requests(forFeed: "4.5_week").last)
      #expect(request.header("If-None-Match") == batch.validators.etag)
      #expect(request.header("If-Modified-Since") == batch.validators.lastModified)
    }
  }

  @Test("a changed feed answers 200 again despite the old validators")
  func changedAfterValidators() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: ["cc1"]))
      let store = try self.store(on: standIn)
      guard
        case .modified(let first) = try await store.fetchRemoteQuakesQuery(feed: .allDay, validators: FeedValidators())
      else {
        Issue.record("the first fetch should be a batch")
        return
      }
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: ["cc1", "cc2"]))

      let second = try await store.fetchRemoteQuakesQuery(
        feed: .allDay, validators: FeedValidators(etag: first.validators.etag))

      guard case .modified(let batch) = second else {
        Issue.record("expected a batch, got \(second)")
        return
      }
      #expect(batch.quakes.map(\.id) == ["cc1", "cc2"])
      #expect(batch.validators.etag != first.validators.etag)
    }
  }

  /// Each failure mode, and words its message must contain besides the feed and the URL.
  static let failures: [(USGSStandIn.Behaviour, [String])] = [
    (.status(500), ["the server answered HTTP/1.1 500 Internal Server Error", "has a problem of its own"]),
    (.status(404), ["the server answered HTTP/1.1 404 Not Found", "Check the feeds' base URL"]),
    (.delay(.seconds(30)), ["no complete response within the total timeout of 500 ms"]),
    (.neverAnswer, ["no complete response within the total timeout of 500 ms"]),
    (.truncate(keepingBytes: 40), ["the body ended before its announced length"]),
    (.invalidJSON, ["the body is not a USGS GeoJSON feed (Content-Type application/json)"]),
    (.htmlErrorPage(status: 200), ["the body is not a USGS GeoJSON feed (Content-Type text/html"]),
    (.htmlErrorPage(status: 502), ["the server answered HTTP/1.1 502 Bad Gateway"]),
    (.oversized(byteCount: 1 << 20, announceLength: true), ["larger than the cap of 64 KiB"]),
    (.oversized(byteCount: 1 << 20, announceLength: false), ["larger than the cap of 64 KiB"]),
  ]

  @Test("every failure throws an error naming the feed, the URL and the cause", arguments: Self.failures)
  func failure(behaviour: USGSStandIn.Behaviour, cause: [String]) async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: ["dd1"]))
      standIn.setBehaviour(behaviour, forFeed: "all_day")

      // A short total timeout only where the behaviour is about time, so that
      // the others cannot turn into timeouts on a loaded machine.
      let isAboutTime = if case .delay = behaviour { true } else { behaviour == .neverAnswer }
      let store = try self.store(on: standIn, totalTimeout: isAboutTime ? .milliseconds(500) : .seconds(30))

      let message = await self.failureMessage(store, url: standIn.url(forFeed: "all_day"))

      for words in cause {
        #expect(message.contains(words), "\(message)")
      }
    }
  }

  @Test("a refused connection throws an error naming the feed, the URL and the cause")
  func refused() async throws {
    let closed = try RefusingPort()
    let store = USGSRemoteStore(
      catalogue: try USGSFeedCatalogue(baseURL: closed.baseURL), configuration: CurlNetworkSession.Configuration())

    let message = await self.failureMessage(store, url: closed.baseURL + "all_day.geojson")

    #expect(message.contains("the connection was refused"), "\(message)")
  }

  @Test("cancellation is not dressed up as a feed error")
  func cancellation() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setBehaviour(.neverAnswer, forFeed: "all_day")
      let store = USGSRemoteStore(
        catalogue: try USGSFeedCatalogue(baseURL: standIn.baseURL), configuration: .init(totalTimeout: .seconds(300)))
      let task = Task { try await store.fetchRemoteQuakesQuery(feed: .allDay, validators: FeedValidators()) }

      await standIn.waitForRequests(1, forFeed: "all_day")
      task.cancel()

      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }

  /// The message of the ``USGSFeedError`` that fetching `all_day` throws;
  /// checks that it names the feed and `url` and says what the daemon does.
  private func failureMessage(
    _ store: USGSRemoteStore<CurlNetworkSession>,
    url: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String {
    do {
      let fetch = try await store.fetchRemoteQuakesQuery(feed: .allDay, validators: FeedValidators())
      Issue.record("expected a USGSFeedError, got \(fetch)", sourceLocation: sourceLocation)
      return ""
    } catch let error as USGSFeedError {
      let message = error.errorDescription ?? ""
      #expect(error.feed == .allDay, sourceLocation: sourceLocation)
      #expect(error.url == url, sourceLocation: sourceLocation)
      #expect(
        message.hasPrefix("cannot fetch feed all_day from \(url): "), "\(message)", sourceLocation: sourceLocation)
      #expect(
        message.hasSuffix("quakesd keeps the cached quakes and tries again later."), sourceLocation: sourceLocation)
      return message
    } catch {
      Issue.record("expected a USGSFeedError, got \(error)", sourceLocation: sourceLocation)
      return ""
    }
  }
}
