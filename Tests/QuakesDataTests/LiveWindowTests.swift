import Foundation
import ImmutableData
import QuakesModel
import Testing

@testable import QuakesData

/// The state holds the live window (the quakes a polled feed can still
/// change); the local store holds the catalogue. Through the real store,
/// reducer and listener over the local store double: what a launch loads,
/// what a batch reads back from the local store, what it writes, and when
/// quakes leave the state.
@Suite("The live window: memory holds what the feeds can still change", .timeLimit(.minutes(3)))
@StoreActor
struct LiveWindowTests {
  private let now = Date(timeIntervalSince1970: 1_700_000_000)
  private static let day: Double = 86_400

  private func quake(_ id: String, daysOld: Double, place: String = "somewhere") -> Quake {
    .fixture(id, time: self.now.addingTimeInterval(-daysOld * Self.day), place: place)
  }

  /// A store with a one-day live window, launched on `local`.
  private func launch(local: LocalStoreDouble, remote: RemoteStoreDouble) async throws -> (
    Listener<LocalStoreDouble, RemoteStoreDouble>, Store<QuakesState, QuakesAction>
  ) {
    let now = self.now
    let listener = Listener(localStore: local, remoteStore: remote, now: { now }) { Issue.record("\($0)") }
    let options = SyncOptions(polledFeeds: [.allDay], liveWindow: Self.day)
    let store = Store(
      initialState: QuakesState(options: options),
      reducer: { (state: QuakesState, action: QuakesAction) in try QuakesReducer.reduce(state: state, action: action) })
    listener.listen(to: store)
    try await store.dispatch(action: .daemon(.didStart)) {
      if case .data(.persistentSession(.localStore(.didFetchQuakes))) = $0 { true } else { false }
    }
    return (listener, store)
  }

  /// Refreshes `feed` and returns the diff written, once it is.
  private func refresh(_ feed: QuakesFeed, of store: Store<QuakesState, QuakesAction>) async throws -> QuakesDiff? {
    var diff: QuakesDiff?
    try await store.dispatch(action: .client(.refresh(feed: feed))) { action in
      if case .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: feed, diff: let written)))) = action {
        diff = written
        return true
      }
      if case .data(.persistentSession(.localStore(.didFailMutation))) = action { return true }
      return false
    }
    return diff
  }

  @Test("a launch loads the live window and counts the rest; the count is the catalogue's")
  func launchLoadsTheLiveWindow() async throws {
    let local = LocalStoreDouble(quakes: [
      self.quake("recent", daysOld: 0.1), self.quake("history", daysOld: 30), self.quake("older", daysOld: 400),
    ])
    let (listener, store) = try await self.launch(local: local, remote: RemoteStoreDouble())
    defer { listener.stop() }
    let state = store.state
    #expect(Array(state.quakes.data.keys) == ["recent"])
    #expect(state.quakes.historyCount == 2)
    #expect(state.selectQuakesCount() == 3)
    #expect(state.selectLiveQuakesCount() == 1)
    #expect(state.quakes.liveSince == self.now.addingTimeInterval(-Self.day))
  }

  @Test(
    "a batch that changes quakes outside the window reads them from the local store: an update is an update, an alias and an upstream deletion outside the window are deleted"
  )
  func batchReadsWhatTheStateLacks() async throws {
    let history = self.quake("history", daysOld: 30)
    let alias = self.quake("alias", daysOld: 5)
    let gone = self.quake("gone", daysOld: 3)
    let recent = self.quake("recent", daysOld: 0.1)
    let local = LocalStoreDouble(quakes: [history, alias, gone, recent])
    let renamed = self.quake("renamed", daysOld: 5)
    let moved = self.quake("history", daysOld: 30, place: "somewhere else")
    let batch = FeedBatch(
      quakes: [recent, moved, renamed], generated: self.now, validators: FeedValidators(etag: "\"w1\""),
      otherIds: ["renamed": ["renamed", "alias"]])
    let remote = RemoteStoreDouble([.allWeek: .fetch(.modified(batch))])
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }

    let diff = try #require(try await self.refresh(.allWeek, of: store))

    #expect(diff.inserted.map(\.id) == ["renamed"])
    #expect(diff.updated == [moved], "history was cached: an update, not an insert")
    #expect(Set(diff.deleted.map(\.id)) == ["alias", "gone"])
    #expect(await local.quakes.keys.sorted() == ["history", "recent", "renamed"])
    let calls = await local.calls
    let askedIds = calls.compactMap { if case .fetchIds(let ids) = $0 { Set(ids) } else { nil } }
    #expect(askedIds == [["history", "renamed", "alias"]], "only the ids the state lacks")
    let weekStart = self.now.addingTimeInterval(-7 * Self.day + SyncOptions().windowMargin)
    #expect(calls.contains(.fetchTimes(weekStart..<self.now.addingTimeInterval(-Self.day))))
    #expect(store.state.selectQuakesCount() == 3, "the state's count is the local store's")

    // The next batch, of the polled feed, moves the window on: what the
    // week's batch brought in leaves the state, and is counted.
    let day = FeedBatch(
      quakes: [recent], generated: self.now.addingTimeInterval(60), validators: FeedValidators(etag: "\"d1\""))
    await remote.setAnswer(.fetch(.modified(day)), for: .allDay)
    let unchanged = try #require(try await self.refresh(.allDay, of: store))
    #expect(unchanged.isEmpty)
    #expect(Array(store.state.quakes.data.keys) == ["recent"])
    #expect(store.state.quakes.historyCount == 2)
    #expect(store.state.selectQuakesCount() == 3)
  }

  @Test("a batch already applied (same generated) reads nothing from the local store")
  func appliedBatchReadsNothing() throws {
    var state = QuakesState.loaded([self.quake("recent", daysOld: 0.1)])
    state.quakes.liveSince = self.now.addingTimeInterval(-Self.day)
    let batch = FeedBatch(quakes: [self.quake("new", daysOld: 0.2)], generated: self.now)
    #expect(RemoteSync.storedLookup(for: batch, of: .allWeek, in: state).ids == ["new"])
    state.feeds[.allWeek] = FeedState(status: .success, record: FeedRecord(generated: self.now))
    #expect(RemoteSync.storedLookup(for: batch, of: .allWeek, in: state).isEmpty)
    var whole = state
    whole.quakes.liveSince = nil
    whole.feeds = [:]
    #expect(RemoteSync.storedLookup(for: batch, of: .allWeek, in: whole).isEmpty, "a state holding every quake")
  }

  @Test("a written history window joins the state inside the window and is counted outside it")
  func historyWindowJoinsTheState() throws {
    var state = QuakesState.loaded([self.quake("recent", daysOld: 0.1), self.quake("stale", daysOld: 0.5)])
    state.quakes.liveSince = self.now.addingTimeInterval(-Self.day)
    state.quakes.historyCount = 4
    let job = HistoryJob.ID(kind: .backfill, started: self.now)
    let diff = QuakesDiff(
      inserted: [self.quake("fresh", daysOld: 0.2), self.quake("old", daysOld: 40)],
      updated: [self.quake("stale", daysOld: 0.5, place: "revised"), self.quake("oldUpdated", daysOld: 50)],
      deleted: [self.quake("recent", daysOld: 0.1), self.quake("oldDeleted", daysOld: 60)])
    let after = try QuakesReducer.reduce(
      state: state, action: .data(.persistentSession(.localStore(.didWriteHistory(job: job, diff: diff, stored: [])))))
    #expect(after.quakes.data.keys.sorted() == ["fresh", "stale"])
    #expect(after.quakes.data["stale"]?.place == "revised")
    #expect(after.quakes.historyCount == 4, "one old quake in, one out")
    #expect(after.selectQuakesCount() == 6)
    #expect(after.quakes.revision == state.quakes.revision + 1)
  }

  @Test("the live window of the polled feeds: the longest period, the window margin and an hour")
  func liveWindowOfTheFeeds() {
    #expect(SyncOptions.liveWindow(polling: [.allHour, .allDay], windowMargin: 600) == Self.day + 600 + 3_600)
    #expect(SyncOptions.liveWindow(polling: [], windowMargin: 600) == 600 + 3_600)
  }
}
