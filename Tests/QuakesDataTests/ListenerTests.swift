import Foundation
import ImmutableData
import QuakesData
import QuakesModel
import Synchronization
import Testing

/// The listener, transition by transition, against store doubles (as in the
/// seed): each test hands it one (old state, action, new state) and checks
/// which store it called and what it dispatched.
@Suite("Listener: side effects after the reducer", .timeLimit(.minutes(3)))
@StoreActor
struct ListenerTests {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  private func listen(
    local: LocalStoreDouble = LocalStoreDouble(),
    remote: RemoteStoreDouble = RemoteStoreDouble()
  ) -> (Listener<LocalStoreDouble, RemoteStoreDouble>, StoreDouble) {
    let date = self.date
    let listener = Listener(localStore: local, remoteStore: remote, now: { date }) { Issue.record("\($0)") }
    let store = StoreDouble()
    listener.listen(to: store)
    return (listener, store)
  }

  // MARK: first launch

  @Test("the first start loads the local store and dispatches its content")
  func firstLaunchLoads() async {
    let record = FeedRecord(validators: FeedValidators(etag: "\"x\""))
    let local = LocalStoreDouble(quakes: [.fixture("a")], records: [.allDay: record])
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    var waiting = QuakesState()
    waiting.quakes.status = .waiting

    await store.transitions.send((QuakesState(), .daemon(.didStart), waiting))

    #expect(await local.calls == [.fetch])
    #expect(
      store.dispatched == [
        .local(
          .didFetchQuakes(result: .success(cache: PersistedCache(quakes: [.fixture("a")], feeds: [.allDay: record]))))
      ])
  }

  @Test("a failed load is dispatched with the store's message")
  func firstLaunchFailure() async {
    let local = LocalStoreDouble(failFetch: "quakes.sqlite is not a database")
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    var waiting = QuakesState()
    waiting.quakes.status = .waiting

    await store.transitions.send((QuakesState(), .daemon(.didStart), waiting))

    #expect(store.dispatched == [.local(.didFetchQuakes(result: .failure(error: "quakes.sqlite is not a database")))])
  }

  @Test("a start that did not move the status to waiting loads nothing")
  func secondStartLoadsNothing() async {
    let local = LocalStoreDouble()
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    let loaded = QuakesState.loaded()

    await store.transitions.send((loaded, .daemon(.didStart), loaded))

    #expect(await local.calls.isEmpty)
    #expect(store.dispatched.isEmpty)
  }

  // MARK: refresh

  @Test("a refresh fetches the feed with its validators and dispatches the batch")
  func refreshFetches() async {
    let batch = FeedBatch(quakes: [.fixture("a")], generated: self.date)
    let remote = RemoteStoreDouble([.allWeek: .fetch(.modified(batch))])
    let (listener, store) = self.listen(remote: remote)
    defer { listener.stop() }
    let validators = FeedValidators(etag: "\"v1\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT")
    let old = QuakesState.loaded(feeds: [
      .allWeek: FeedState(status: .success, record: FeedRecord(validators: validators))
    ])
    var new = old
    new.feeds[.allWeek]?.status = .waiting

    await store.transitions.send((old, .client(.refresh(feed: .allWeek)), new))
    await listener.waitForFetches()

    let requests = await remote.requests
    #expect(requests.map(\.feed) == [.allWeek])
    #expect(requests.map(\.validators) == [validators])
    #expect(store.dispatched == [.remote(.success(batch: batch), feed: .allWeek, date: self.date)])
  }

  @Test("a 304 and a failure are dispatched as such", arguments: [true, false])
  func refreshOutcomes(notModified: Bool) async {
    let remote = RemoteStoreDouble([.allDay: notModified ? .fetch(.notModified) : .fail("all_day: HTTP 503")])
    let (listener, store) = self.listen(remote: remote)
    defer { listener.stop() }
    let old = QuakesState.loaded()
    let new = QuakesState.loaded(feeds: [.allDay: FeedState(status: .waiting)])

    await store.transitions.send((old, .scheduler(.pollDue(feed: .allDay)), new))
    await listener.waitForFetches()

    #expect(store.dispatched == [.remote(notModified ? .notModified : .failure(error: "all_day: HTTP 503"))])
  }

  @Test("a refresh while the feed was already waiting fetches nothing")
  func refreshWhileWaiting() async {
    let remote = RemoteStoreDouble()
    let (listener, store) = self.listen(remote: remote)
    defer { listener.stop() }
    let waiting = QuakesState.loaded(feeds: [.allDay: FeedState(status: .waiting)])

    await store.transitions.send((waiting, .client(.refresh(feed: .allDay)), waiting))
    await listener.waitForFetches()

    #expect(await remote.requests.isEmpty)
    #expect(store.dispatched.isEmpty)
  }

  // MARK: remote batches reach the local store as a diff

  @Test("a remote batch writes exactly its diff and the feed's record, then reports the counts")
  func remoteBatchWritesDiff() async throws {
    let local = LocalStoreDouble()
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    let old = QuakesState.loaded(
      [.fixture("same"), .fixture("moved"), .fixture("zeroed")], feeds: [.allDay: FeedState(status: .waiting)])
    let batch = FeedBatch(
      quakes: [.fixture("same"), .fixture("moved", magnitude: 3.3), .fixture("zeroed", magnitude: 0), .fixture("new")],
      generated: self.date, validators: FeedValidators(etag: "\"e\""))
    let action = QuakesAction.remote(.success(batch: batch))
    let new = try QuakesReducer.reduce(state: old, action: action)

    await store.transitions.send((old, action, new))

    let expected = QuakesDiff(
      inserted: [.fixture("new")], updated: [.fixture("moved", magnitude: 3.3)], deleted: [.fixture("zeroed")])
    let record = try #require(new.feeds[.allDay]?.record)
    #expect(await local.calls == [.write(feed: .allDay, record: record, diff: expected)])
    #expect(store.dispatched == [.local(.didWriteRemoteQuakes(feed: .allDay, diff: expected))])
  }

  @Test("a batch's alert firings are written with its diff, dated by the fetch; a 304 and a failure write none")
  func alertFiringsGoWithTheDiff() async throws {
    let local = LocalStoreDouble()
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    var old = QuakesState.loaded([.fixture("grows", magnitude: 4)], feeds: [.allDay: FeedState(status: .waiting)])
    old.options.alerts = [
      AlertRule(
        name: "m4", filter: QuakesQuery.Filter(minMagnitude: 4), triggers: [.new, .upgraded], maximumAge: 1e9,
        channels: ["exec:/bin/true"])
    ]
    let batch = FeedBatch(quakes: [.fixture("grows", magnitude: 4.5), .fixture("new", magnitude: 4.1)])
    let action = QuakesAction.remote(.success(batch: batch))
    await store.transitions.send((old, action, try QuakesReducer.reduce(state: old, action: action)))
    for result in [QuakesAction.remote(.notModified), .remote(.failure(error: "HTTP 500"))] {
      await store.transitions.send((old, result, try QuakesReducer.reduce(state: old, action: result)))
    }

    let firings = await local.firings
    #expect(firings.map { "\($0.trigger) \($0.quake.id)" } == ["new new", "upgraded grows"])
    #expect(firings.allSatisfy { $0.firedAt == self.date && $0.channels == ["exec:/bin/true"] })
  }

  @Test("a batch of unchanged quakes writes an empty diff: nothing for the local store to do")
  func unchangedBatch() async throws {
    let local = LocalStoreDouble()
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    let old = QuakesState.loaded([.fixture("a")], feeds: [.allDay: FeedState(status: .waiting)])
    let action = QuakesAction.remote(.success(batch: FeedBatch(quakes: [.fixture("a")])))
    let new = try QuakesReducer.reduce(state: old, action: action)

    await store.transitions.send((old, action, new))

    guard case .write(_, _, let diff)? = await local.calls.first else {
      Issue.record("no write")
      return
    }
    #expect(diff.isEmpty)
    #expect(store.dispatched == [.local(.didWriteRemoteQuakes(feed: .allDay, diff: QuakesDiff()))])
  }

  // MARK: deletes

  @Test("a delete reaches the local store after the state dropped the quake")
  func deleteReachesLocalStore() async throws {
    let local = LocalStoreDouble(quakes: [.fixture("a")])
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    let old = QuakesState.loaded([.fixture("a")])
    let new = try QuakesReducer.reduce(state: old, action: .client(.delete(quake: .fixture("a"))))

    await store.transitions.send((old, .client(.delete(quake: .fixture("a"))), new))

    #expect(await local.calls == [.delete("a")])
    #expect(await local.quakes.isEmpty)
    #expect(store.dispatched.isEmpty)
  }

  @Test("the retention rules' removal reaches the local store as one write, which reports exactly the expired quakes")
  func retentionReachesLocalStore() async throws {
    let old = Quake.fixture("old", time: self.date.addingTimeInterval(-100 * 86_400))
    let young = Quake.fixture("young", time: self.date.addingTimeInterval(-86_400))
    let local = LocalStoreDouble(quakes: [old, young])
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    var state = QuakesState.loaded([old, young])
    state.options.retention = [RetentionRule(keepSeconds: 90 * 86_400)]
    let action = QuakesAction.scheduler(.retentionDue(date: self.date))
    let new = try QuakesReducer.reduce(state: state, action: action)

    await store.transitions.send((state, action, new))

    #expect(await local.calls == [.expire(["old"])])
    #expect(await local.quakes.keys.sorted() == ["young"])
    #expect(
      store.dispatched == [.data(.persistentSession(.localStore(.didExpireQuakes(quakes: [old], date: self.date))))])

    await store.transitions.send((new, action, new))
    #expect(await local.calls == [.expire(["old"]), .expire([])])
    #expect(
      store.dispatched.last == .data(.persistentSession(.localStore(.didExpireQuakes(quakes: [], date: self.date)))),
      "nothing expired: that is reported too, for whoever waits")
  }

  @Test("a purge reaches the local store")
  func purgeReachesLocalStore() async {
    let local = LocalStoreDouble(quakes: [.fixture("a"), .fixture("b")])
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }

    await store.transitions.send((.loaded([.fixture("a"), .fixture("b")]), .client(.purge), .loaded()))

    #expect(await local.calls == [.deleteAll])
    #expect(await local.quakes.isEmpty)
  }

  // MARK: recovery after a failed write

  @Test("a result the store refuses is reported to onError, naming what it was for, never dropped")
  func refusedResultIsReported() async throws {
    let errors = Reported()
    let listener = Listener(
      localStore: LocalStoreDouble(), remoteStore: RemoteStoreDouble(), now: { Date(timeIntervalSince1970: 0) }
    ) {
      errors.append($0)
    }
    let store = StoreDouble()
    store.refusal = StoreFailure("the store has stopped")
    listener.listen(to: store)
    defer { listener.stop() }
    let old = QuakesState.loaded([], feeds: [.allDay: FeedState(status: .waiting)])
    let action = QuakesAction.remote(.success(batch: FeedBatch(quakes: [.fixture("a")])))

    await store.transitions.send((old, action, try QuakesReducer.reduce(state: old, action: action)))

    #expect(errors.all.count == 1)
    #expect(errors.all == ["writing the all_day batch could not report its result: the store has stopped"])
  }

  @Test("a failed write is reported, and the report makes the listener reload the local store")
  func failedWriteReloads() async throws {
    let local = LocalStoreDouble(quakes: [.fixture("a")], failWrites: "database or disk is full")
    let (listener, store) = self.listen(local: local)
    defer { listener.stop() }
    let old = QuakesState.loaded([.fixture("a")])
    let new = try QuakesReducer.reduce(state: old, action: .client(.delete(quake: .fixture("a"))))

    await store.transitions.send((old, .client(.delete(quake: .fixture("a"))), new))
    let failure = QuakesAction.local(
      .didFailMutation(mutation: .deleteQuake(quakeId: "a"), date: self.date, error: "database or disk is full"))
    #expect(store.dispatched == [failure])

    await store.transitions.send((new, failure, try QuakesReducer.reduce(state: new, action: failure)))

    #expect(await local.calls == [.delete("a"), .fetch])
    #expect(
      store.dispatched.last
        == .local(.didReloadQuakes(result: .success(cache: PersistedCache(quakes: [.fixture("a")])))))
  }
}

/// The whole loop with the real store: reducer, listener, session, doubles.
@Suite("Listener with the real Store", .timeLimit(.minutes(3)))
@StoreActor
struct ListenerStoreTests {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  @Test("launch, poll, write: the local store ends up equal to the state")
  func launchPollWrite() async throws {
    let local = LocalStoreDouble(quakes: [.fixture("old"), .fixture("gone")])
    let batch = FeedBatch(quakes: [.fixture("old", magnitude: 5), .fixture("gone", magnitude: nil), .fixture("new")])
    let remote = RemoteStoreDouble([.allDay: .fetch(.modified(batch))])
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }
    #expect(store.state.quakes.data.count == 2)

    try await store.dispatch(action: .scheduler(.pollDue(feed: .allDay))) {
      if case .data(.persistentSession(.localStore(.didWriteRemoteQuakes))) = $0 { true } else { false }
    }

    let state = store.state
    #expect(Set(state.quakes.data.keys) == ["old", "new"])
    #expect(await local.quakes == Dictionary(uniqueKeysWithValues: state.quakes.data.map { ($0.key, $0.value) }))
    #expect(state.feeds[.allDay]?.lastWrite == QuakesDiff.Counts(inserted: 1, updated: 1, deleted: 1))
    #expect(state.feeds[.allDay]?.status == .success)
  }

  @Test("shutdown writes every batch dispatched before it, even those queued behind a write, then handles nothing more")
  func shutdownDrainsQueuedBatches() async throws {
    let local = LocalStoreDouble()
    let listener = Listener(localStore: local, remoteStore: RemoteStoreDouble()) { Issue.record("\($0)") }
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    listener.listen(to: store)
    try await store.dispatch(action: .daemon(.didStart)) {
      if case .data(.persistentSession(.localStore(.didFetchQuakes))) = $0 { true } else { false }
    }
    let batch = FeedBatch(quakes: [.fixture("a")], validators: FeedValidators(etag: "\"day\""))
    try store.dispatch(action: .remote(.success(batch: batch), feed: .allHour))
    try store.dispatch(action: .remote(.success(batch: batch), feed: .allDay))

    await listener.shutdown()
    try store.dispatch(action: .client(.purge))
    await Task.yield()

    #expect(await local.records[.allHour] != nil)
    #expect(
      await local.records[.allDay]?.validators.etag == "\"day\"", "the second batch was queued behind the first write")
    #expect(await local.quakes.keys.sorted() == ["a"], "the purge after shutdown reached no store")
  }

  @Test(
    "after a failed write the state is reloaded, the feed shows the failure with its committed record, and the next poll writes the batch"
  )
  func recoveryAfterFailedWrite() async throws {
    let committed = FeedRecord(
      validators: FeedValidators(etag: "\"1\""), generated: Date(timeIntervalSince1970: 1_699_999_000),
      lastSuccess: Date(timeIntervalSince1970: 1_699_999_000))
    let local = LocalStoreDouble(quakes: [.fixture("kept")], records: [.allDay: committed])
    let batch = FeedBatch(
      quakes: [.fixture("kept"), .fixture("new")], generated: Date(timeIntervalSince1970: 1_699_999_060),
      validators: FeedValidators(etag: "\"2\""))
    let remote = RemoteStoreDouble([.allDay: .fetch(.modified(batch))])
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }
    await local.setFailWrites("database or disk is full")

    try await store.dispatch(action: .client(.refresh(feed: .allDay))) {
      if case .data(.persistentSession(.localStore(.didReloadQuakes))) = $0 { true } else { false }
    }

    let failed = store.state
    #expect(
      Array(failed.quakes.data.keys) == ["kept"], "the quake that never reached the database is gone from the state")
    #expect(failed.quakes.lastMutationError == "database or disk is full")
    #expect(failed.quakes.status == .success)
    #expect(failed.feeds[.allDay]?.record == committed, "the feed's record is the last committed one")
    #expect(failed.feeds[.allDay]?.status == .failure(error: "database or disk is full"))
    #expect(failed.feeds[.allDay]?.lastFailure?.date == self.date)

    await local.setFailWrites(nil)
    try await store.dispatch(action: .scheduler(.pollDue(feed: .allDay))) {
      if case .data(.persistentSession(.localStore(.didWriteRemoteQuakes))) = $0 { true } else { false }
    }

    #expect(await remote.requests.map { $0.validators.etag } == ["\"1\"", "\"1\""], "no 304 for the unwritten batch")
    #expect(Set(await local.quakes.keys) == ["kept", "new"])
    #expect(await local.records[.allDay]?.validators.etag == "\"2\"")
    #expect(store.state.feeds[.allDay]?.status == .success)
    #expect(store.state.feeds[.allDay]?.lastWrite == QuakesDiff.Counts(inserted: 1))
  }

  /// A listener over `local` and `remote` on a real store, once the first
  /// load from `local` is in the state.
  private func launch(
    local: LocalStoreDouble,
    remote: RemoteStoreDouble
  ) async throws -> (Listener<LocalStoreDouble, RemoteStoreDouble>, Store<QuakesState, QuakesAction>) {
    let date = self.date
    let listener = Listener(localStore: local, remoteStore: remote, now: { date }) { Issue.record("\($0)") }
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    listener.listen(to: store)
    try await store.dispatch(action: .daemon(.didStart)) {
      if case .data(.persistentSession(.localStore(.didFetchQuakes))) = $0 { true } else { false }
    }
    return (listener, store)
  }
}

/// What a listener reported to its `onError`.
private final class Reported: Sendable {
  private let messages = Mutex<[String]>([])

  func append(_ message: String) { self.messages.withLock { $0.append(message) } }
  var all: [String] { self.messages.withLock { $0 } }
}
