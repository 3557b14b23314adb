import Foundation
import ImmutableData
import QuakesDaemon
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import QuakesUSGS
import Testing
import USGSStandIn

/// The poller through real parts: the store, the listener, the SQLite store
/// on a real file, libcurl against the USGS stand-in on 127.0.0.1.
@Suite("FeedPoller: one poll, from the feed to the database", .timeLimit(.minutes(2)))
@StoreActor
struct FeedPollerTests {
  /// The pieces of a running cache over `standIn`.
  private struct Cache {
    let store: Store<QuakesState, QuakesAction>
    let listener: Listener<SQLiteLocalStore, USGSRemoteStore<CurlNetworkSession>>
    let database: SQLiteLocalStore
    let poller: FeedPoller
  }

  private func withCache(
    _ body: @StoreActor (USGSStandIn, Cache) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      let database = try SQLiteLocalStore(path: directory.file())
      let remote = USGSRemoteStore(
        catalogue: try USGSFeedCatalogue(baseURL: standIn.baseURL), configuration: CurlNetworkSession.Configuration())
      let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
      let listener = Listener(localStore: database, remoteStore: remote) { Issue.record("\($0)") }
      listener.listen(to: store)
      var transitions = store.makeStream().makeAsyncIterator()
      try store.dispatch(action: .daemon(.didStart))
      while let transition = await transitions.next(), !transition.newState.isLoaded {}
      do {
        try await body(
          standIn, Cache(store: store, listener: listener, database: database, poller: FeedPoller(store: store)))
      } catch {
        await listener.shutdown()
        try? database.close()
        throw error
      }
      await listener.shutdown()
      try database.close()
    }
  }

  @Test("a changed feed is written; polled again unchanged, it is a 304 and writes nothing")
  func writeThenNotModified() async throws {
    try await self.withCache { standIn, cache in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(25)))

      #expect(try await cache.poller.poll(.allDay) == .written(QuakesDiff.Counts(inserted: 25)))
      #expect(try await cache.database.fetchLocalQuakesQuery().quakes.count == 25)
      #expect(cache.store.state.quakes.data.count == 25)

      #expect(try await cache.poller.poll(.allDay) == .notModified)
      let second = try #require(standIn.requests(forFeed: "all_day").last)
      #expect(second.headers["if-none-match"] != nil)
    }
  }

  @Test("a failing feed is a fetch failure naming the feed and the cause, and the cache keeps its quakes")
  func failure() async throws {
    try await self.withCache { standIn, cache in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(3)))
      _ = try await cache.poller.poll(.allDay)
      standIn.setBehaviour(.status(500), forFeed: "all_day")

      let outcome = try await cache.poller.poll(.allDay)

      guard case .fetchFailed(let message) = outcome else {
        Issue.record("expected a fetch failure, got \(outcome)")
        return
      }
      #expect(message.contains("all_day") && message.contains("500"), "\(message)")
      #expect(cache.store.state.quakes.data.count == 3)
      #expect(cache.store.state.feeds[.allDay]?.status == .failure(error: message))
    }
  }

  @Test("a poll due while a client's refresh of the feed runs waits for that fetch: one request, not two")
  func coalescesWithRefresh() async throws {
    try await self.withCache { standIn, cache in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(4)))
      try cache.store.dispatch(action: .client(.refresh(feed: .allDay)))

      let outcome = try await cache.poller.poll(.allDay)

      #expect(outcome == .written(QuakesDiff.Counts(inserted: 4)))
      #expect(standIn.requests(forFeed: "all_day").count == 1)
    }
  }

  @Test("the same data served again (a new ETag, the same generated) is notModified, and writes no quake")
  func sameGeneratedIsNotModified() async throws {
    try await self.withCache { standIn, cache in
      let feed = SyntheticFeed.body(ids: SyntheticFeed.ids(5))
      standIn.setFeed("all_day", body: feed)
      let first = try await cache.poller.poll(.allDay)
      #expect(first == .written(QuakesDiff.Counts(inserted: 5)))

      standIn.setFeed("all_day", body: feed + "\n")

      let second = try await cache.poller.poll(.allDay)
      #expect(second == .notModified)
      #expect(standIn.requests(forFeed: "all_day").count == 2)
      #expect(cache.store.state.feeds[.allDay]?.status == .success)
    }
  }

  @Test(
    "a write failure of another feed or of a delete during a poll is not this feed's: the poll waits for its own write")
  func failuresAreAttributedToTheirCause() async throws {
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    try store.dispatch(action: .daemon(.didStart))
    try store.dispatch(
      action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(cache: PersistedCache()))))))
    let poller = FeedPoller(store: store)
    let poll = Task { try await poller.poll(.allDay) }
    while store.state.feeds[.allDay]?.status != .waiting { await Task.yield() }
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let batch = FeedBatch(quakes: [], generated: date)

    try store.dispatch(
      action: .data(
        .persistentSession(.remoteStore(.didFetchQuakes(feed: .allDay, date: date, result: .success(batch: batch))))))
    for mutation: QuakesAction.Data.PersistentSession.LocalStore.Mutation in [
      .deleteQuake(quakeId: "x"), .deleteQuakes, .remoteQuakes(feed: .allHour),
    ] {
      try store.dispatch(
        action: .data(
          .persistentSession(.localStore(.didFailMutation(mutation: mutation, date: date, error: "disk full")))))
    }
    let diff = QuakesDiff(inserted: [
      Quake(id: "new", magnitude: 2, time: date, updated: date, place: nil, longitude: 0, latitude: 0)
    ])
    try store.dispatch(action: .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: .allDay, diff: diff)))))

    let outcome = try await poll.value
    #expect(outcome == .written(QuakesDiff.Counts(inserted: 1)))
  }
}
