import Foundation
import ImmutableData
import QuakesData
import QuakesTestSupport
import QuakesUSGS
import Testing
import USGSStandIn

/// The whole domain over real HTTP: the ImmutableData store and reducer, the
/// listener and persistent session, the USGS remote store on libcurl, the
/// stand-in, and an in-memory local store.
@Suite("USGSRemoteStore under the listener and the real Store", .timeLimit(.minutes(3)))
@StoreActor
struct RemoteStoreListenerTests {
  /// A real store whose listener fetches from `standIn` and writes to
  /// `local`, launched (local store loaded) and with `all_day` polled and
  /// written once. The caller stops the listener.
  private func launchAndPoll(
    _ standIn: USGSStandIn,
    local: RemoteStoreLocalStoreDouble,
    totalTimeout: Duration = .seconds(30)
  ) async throws -> (
    Listener<RemoteStoreLocalStoreDouble, USGSRemoteStore<CurlNetworkSession>>, Store<QuakesState, QuakesAction>
  ) {
    let remote = USGSRemoteStore(
      catalogue: try USGSFeedCatalogue(baseURL: standIn.baseURL), configuration: .init(totalTimeout: totalTimeout))
    let listener = Listener(localStore: local, remoteStore: remote) { Issue.record("\($0)") }
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    listener.listen(to: store)
    try await store.dispatch(action: .daemon(.didStart)) {
      if case .data(.persistentSession(.localStore(.didFetchQuakes))) = $0 { true } else { false }
    }
    try await store.dispatch(action: .scheduler(.pollDue(feed: .allDay)), until: Self.isWrite)
    return (listener, store)
  }

  private static func isRemoteResult(_ action: QuakesAction) -> Bool {
    if case .data(.persistentSession(.remoteStore(.didFetchQuakes))) = action { true } else { false }
  }

  private static func isWrite(_ action: QuakesAction) -> Bool {
    if case .data(.persistentSession(.localStore(.didWriteRemoteQuakes))) = action { true } else { false }
  }

  @Test(
    "a failed fetch leaves .failure with the message on the feed and keeps the quakes",
    arguments: [
      USGSStandIn.Behaviour.status(500), .truncate(keepingBytes: 40), .htmlErrorPage(status: 200), .neverAnswer,
    ])
  func failedFetchKeepsQuakes(behaviour: USGSStandIn.Behaviour) async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: ["ee1", "ee2"]))
      let local = RemoteStoreLocalStoreDouble()
      let (listener, store) = try await self.launchAndPoll(standIn, local: local, totalTimeout: .seconds(2))
      defer { listener.stop() }
      let before = store.state.quakes.data
      #expect(Set(before.keys) == ["ee1", "ee2"])
      #expect(await local.quakes.count == 2)

      standIn.setBehaviour(behaviour, forFeed: "all_day")
      try await store.dispatch(action: .scheduler(.pollDue(feed: .allDay)), until: Self.isRemoteResult)

      let state = store.state
      guard case .failure(let message)? = state.feeds[.allDay]?.status else {
        Issue.record("expected a failure, got \(String(describing: state.feeds[.allDay]?.status))")
        return
      }
      #expect(message.hasPrefix("cannot fetch feed all_day from \(standIn.url(forFeed: "all_day")): "), "\(message)")
      #expect(message.hasSuffix("quakesd keeps the cached quakes and tries again later."))
      #expect(state.feeds[.allDay]?.lastFailure?.message == message)
      #expect(state.quakes.data == before)
      #expect(await local.quakes.count == 2)
      #expect(state.feeds[.allDay]?.record.validators.etag == standIn.etag(forFeed: "all_day"))
    }
  }

  @Test("a 304 through the domain changes nothing and keeps the validators")
  func notModifiedThroughTheDomain() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: ["ff1"]))
      let (listener, store) = try await self.launchAndPoll(standIn, local: RemoteStoreLocalStoreDouble())
      defer { listener.stop() }
      let before = store.state

      try await store.dispatch(action: .client(.refresh(feed: .allDay)), until: Self.isRemoteResult)

      #expect(store.state.feeds[.allDay]?.status == .success)
      #expect(store.state.quakes == before.quakes)
      #expect(store.state.feeds[.allDay]?.record.validators == before.feeds[.allDay]?.record.validators)
      let request = try #require(standIn.requests(forFeed: "all_day").last)
      #expect(request.header("If-None-Match") == standIn.etag(forFeed: "all_day"))
    }
  }
}
