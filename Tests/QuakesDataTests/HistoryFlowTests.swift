import Foundation
import ImmutableData
import QuakesData
import QuakesModel
import Testing

/// A backfill and a reconciliation through the real store, reducer and
/// listener, against the store doubles: which windows are asked for, what
/// is written, and what a restart resumes.
@Suite("History jobs through the store and the listener", .timeLimit(.minutes(3)))
@StoreActor
struct HistoryFlowTests {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  /// `count` quakes `spacing` seconds apart from `start` (epoch seconds).
  private static func catalogue(_ count: Int, start: Double = 1_000_000, spacing: Double = 1) -> [Quake] {
    (0..<count).map { Quake.fixture("h\($0)", time: Date(timeIntervalSince1970: start + spacing * Double($0))) }
  }

  private func launch(local: LocalStoreDouble, remote: RemoteStoreDouble) async throws -> (
    Listener<LocalStoreDouble, RemoteStoreDouble>, Store<QuakesState, QuakesAction>
  ) {
    let date = self.date
    let listener = Listener(localStore: local, remoteStore: remote, now: { date }) { Issue.record("\($0)") }
    let store = Store(initialState: QuakesState(), reducer: QuakesReducer.reduce)
    listener.listen(to: store)
    try await store.dispatch(action: .daemon(.didStart)) {
      if case .data(.persistentSession(.localStore(.didFetchQuakes))) = $0 { true } else { false }
    }
    return (listener, store)
  }

  /// Waits until the `kind` job has stopped running and the local store
  /// holds its checkpoint in that phase (written with the last window, or alone).
  private func waitForEnd(
    of kind: HistoryJob.Kind, in store: Store<QuakesState, QuakesAction>, local: LocalStoreDouble
  ) async {
    for _ in 0..<2_000 {
      if let job = store.state.history[kind], !job.isRunning, await local.jobs[kind]?.phase == job.phase { return }
      try? await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("the \(kind) did not end: \(String(describing: store.state.history[kind]))")
  }

  @Test("a backfill of 45 events with at most 20 a request fetches three or more windows, each once, and writes all")
  func backfillSplitsAndWritesEverything() async throws {
    let quakes = Self.catalogue(45)
    let remote = RemoteStoreDouble()
    await remote.setHistory(quakes, maximum: 20)
    let local = LocalStoreDouble()
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }

    try store.dispatch(
      action: .client(.backfill(query: HistoryQuery(since: 1_000_000_000, until: 1_000_045_000), date: self.date)))
    await self.waitForEnd(of: .backfill, in: store, local: local)

    let job = try #require(store.state.history[.backfill])
    #expect(job.phase == .done)
    #expect(job.eventsExpected == 45)
    #expect(job.eventsFetched == 45)
    #expect(job.eventsWritten == 45)
    #expect(Set(await local.quakes.keys) == Set(quakes.map(\.id)))
    let fetches = await remote.historyRequests.filter { $0.method == "fetch" }.map(\.window)
    #expect(fetches.count >= 3)
    #expect(fetches.allSatisfy { ($0.count ?? 0) <= 20 })
    #expect(Set(fetches.map(\.start)).count == fetches.count, "no window fetched twice")
    #expect(await local.jobs[.backfill]?.phase == .done)
    #expect(await local.jobs[.backfill]?.eventsWritten == 45)
  }

  @Test(
    "a window is diffed against the local store, not the state: a stored quake the state lacks is unchanged or updated, never inserted"
  )
  func windowDiffedAgainstTheStore() async throws {
    let quakes = Self.catalogue(10)
    let remote = RemoteStoreDouble()
    await remote.setHistory(quakes, maximum: 20)
    let local = LocalStoreDouble()
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }
    // History only the database holds: h3 as the service has it, h5 in an older version.
    await local.store(quakes[3])
    await local.store(Quake.fixture(quakes[5].id, magnitude: 1.5, time: quakes[5].time))
    #expect(store.state.quakes.data[quakes[3].id] == nil && store.state.quakes.data[quakes[5].id] == nil)

    try store.dispatch(
      action: .client(.backfill(query: HistoryQuery(since: 1_000_000_000, until: 1_000_010_000), date: self.date)))
    await self.waitForEnd(of: .backfill, in: store, local: local)

    let diffs = await local.calls.compactMap { call -> QuakesDiff? in
      if case .history(_, diff: let diff?) = call { diff } else { nil }
    }
    let inserted = Set(diffs.flatMap(\.inserted).map(\.id))
    let updated = diffs.flatMap(\.updated).map(\.id)
    #expect(inserted == Set(quakes.map(\.id)).subtracting([quakes[3].id, quakes[5].id]))
    #expect(updated == [quakes[5].id])
    #expect(
      await local.calls.contains { if case .fetchIds(let ids) = $0 { ids.contains(quakes[3].id) } else { false } })
    let job = try #require(store.state.history[.backfill])
    #expect(job.eventsWritten == 9, "8 inserted and 1 updated; the unchanged one is not counted")
    #expect(await local.quakes[quakes[5].id] == quakes[5])
  }

  @Test("a backfill never deletes: a cached quake the service does not list stays")
  func backfillNeverDeletes() async throws {
    let cached = Quake.fixture("kept", time: Date(timeIntervalSince1970: 1_000_010.5))
    let remote = RemoteStoreDouble()
    await remote.setHistory(Self.catalogue(5))
    let local = LocalStoreDouble(quakes: [cached])
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }

    try store.dispatch(
      action: .client(.backfill(query: HistoryQuery(since: 1_000_000_000, until: 1_000_045_000), date: self.date)))
    await self.waitForEnd(of: .backfill, in: store, local: local)

    #expect(store.state.quakes.data["kept"] != nil)
    #expect(await local.quakes["kept"] != nil)
    #expect(await local.quakes.count == 6)
  }

  @Test("a job read back running resumes at its cursor: no request reaches before it")
  func restartResumesAtTheCursor() async throws {
    let quakes = Self.catalogue(45)
    var saved = HistoryJob(
      kind: .backfill, query: HistoryQuery(since: 1_000_000_000, until: 1_000_045_000), started: self.date)
    saved.cursor = 1_000_020_000
    saved.windowsDone = 2
    saved.eventsFetched = 20
    saved.pending = []
    let local = LocalStoreDouble(quakes: Array(quakes.prefix(20)))
    await local.seed(job: saved)
    let remote = RemoteStoreDouble()
    await remote.setHistory(quakes, maximum: 20)
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }

    await self.waitForEnd(of: .backfill, in: store, local: local)

    let requests = await remote.historyRequests
    #expect(!requests.isEmpty)
    #expect(requests.allSatisfy { $0.window.start >= 1_000_020_000 })
    #expect(store.state.history[.backfill]?.phase == .done)
    #expect(store.state.history[.backfill]?.eventsFetched == 45)
    #expect(await local.quakes.count == 45)
  }

  @Test("a job read back running whose span is all written is done, in the database too, and asks nothing")
  func readBackAtItsEndIsDone() async throws {
    var saved = HistoryJob(
      kind: .backfill, query: HistoryQuery(since: 1_000_000_000, until: 1_000_045_000), started: self.date)
    saved.cursor = 1_000_045_000
    saved.windowsDone = 3
    saved.pending = []
    let local = LocalStoreDouble()
    await local.seed(job: saved)
    let remote = RemoteStoreDouble()
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }

    await self.waitForEnd(of: .backfill, in: store, local: local)
    #expect(store.state.history[.backfill]?.phase == .done)
    #expect(await local.jobs[.backfill]?.phase == .done)
    #expect(await local.jobs[.backfill]?.cursor == 1_000_045_000)
    #expect(await remote.historyRequests.isEmpty)
  }

  @Test("a failing service fails the job with its message, and the same backfill again resumes it")
  func failureThenResume() async throws {
    let remote = RemoteStoreDouble()
    await remote.setHistory(Self.catalogue(10), failure: "the service answered 400")
    let local = LocalStoreDouble()
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }
    let query = HistoryQuery(since: 1_000_000_000, until: 1_000_045_000)

    try store.dispatch(action: .client(.backfill(query: query, date: self.date)))
    await self.waitForEnd(of: .backfill, in: store, local: local)
    #expect(store.state.history[.backfill]?.phase == .failed("the service answered 400"))
    #expect(await local.jobs[.backfill]?.phase == .failed("the service answered 400"))

    await remote.setHistory(Self.catalogue(10))
    try store.dispatch(action: .client(.backfill(query: query, date: self.date)))
    await self.waitForEnd(of: .backfill, in: store, local: local)
    #expect(store.state.history[.backfill]?.phase == .done)
    #expect(await local.quakes.count == 10)
  }

  @Test("a cancelled backfill stops asking and keeps what it wrote")
  func cancelStops() async throws {
    let remote = RemoteStoreDouble()
    await remote.setHistory(Self.catalogue(10))
    let local = LocalStoreDouble()
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }

    try store.dispatch(
      action: .client(.backfill(query: HistoryQuery(since: 1_000_000_000, until: 1_000_045_000), date: self.date)))
    try store.dispatch(action: .client(.cancelBackfill(date: self.date)))
    await self.waitForEnd(of: .backfill, in: store, local: local)

    #expect(store.state.history[.backfill]?.phase == .cancelled)
    #expect(await local.jobs[.backfill]?.phase == .cancelled)
  }

  @Test("a reconciliation removes what USGS deleted, updates what it changed, and adds nothing")
  func reconciliation() async throws {
    let gone = Quake.fixture("gone", time: Date(timeIntervalSince1970: 1_000_001))
    let changed = Quake.fixture("changed", magnitude: 3.0, time: Date(timeIntervalSince1970: 1_000_002))
    let untouched = Quake.fixture("untouched", time: Date(timeIntervalSince1970: 1_000_003))
    let deleted = Quake(
      id: "gone", magnitude: 2.5, time: gone.time, updated: gone.time, place: nil, longitude: -122, latitude: 37,
      depth: 8, status: ReviewStatus(rawValue: "deleted"))
    let revised = Quake.fixture("changed", magnitude: 3.4, time: changed.time)
    let stranger = Quake.fixture("stranger", time: Date(timeIntervalSince1970: 1_000_002.5))
    let remote = RemoteStoreDouble()
    await remote.setHistory([deleted, revised, stranger])
    let local = LocalStoreDouble(quakes: [gone, changed, untouched])
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }

    try store.dispatch(action: .scheduler(.reconcileDue(date: self.date)))
    await self.waitForEnd(of: .reconcile, in: store, local: local)

    let job = try #require(store.state.history[.reconcile])
    #expect(job.phase == .done)
    #expect(job.query.includeDeleted)
    #expect(job.query.updatedAfter == nil, "the first reconciliation looks at everything")
    #expect(job.query.since == Timestamp.milliseconds(gone.time))
    #expect(job.query.until == Timestamp.milliseconds(untouched.time) + 1)
    #expect(job.eventsRemoved == 1)
    #expect(Set(await local.quakes.keys) == ["changed", "untouched"])
    #expect(await local.quakes["changed"]?.magnitude == 3.4)

    let margin = GeoBox(minLatitude: 36, maxLatitude: 38, minLongitude: -123, maxLongitude: -121)
    #expect(job.query.minMagnitude == 2.0, "the smallest cached magnitude, less a margin of 0.5")
    #expect(job.query.bbox == margin, "the box of the cached epicentres, a degree wider")

    try store.dispatch(action: .scheduler(.reconcileDue(date: self.date.addingTimeInterval(3_600))))
    let next = try #require(store.state.history[.reconcile])
    #expect(next.query.updatedAfter == Timestamp.milliseconds(self.date))
    #expect(next.query.bbox == margin, "every reconciliation is bounded by the box")
    #expect(next.query.minMagnitude == nil, "an update (a deletion without a magnitude) is not hidden by one")
    await self.waitForEnd(of: .reconcile, in: store, local: local)
  }

  @Test("an open-ended backfill asked again once done fetches what came since, and the day before its last end again")
  func openEndedAgainIsIncremental() async throws {
    let hour = 3_600.0
    let quakes = Self.catalogue(30, spacing: 4 * hour)
    let firstEnd: Int64 = 1_000_000_000 + 40 * 3_600_000
    let remote = RemoteStoreDouble()
    await remote.setHistory(Array(quakes.prefix(10)))
    let local = LocalStoreDouble()
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }
    var query = HistoryQuery(since: 1_000_000_000, until: firstEnd)
    query.isOpenEnded = true

    try store.dispatch(action: .client(.backfill(query: query, date: self.date)))
    await self.waitForEnd(of: .backfill, in: store, local: local)
    #expect(await local.quakes.count == 10)
    let firstRun = await remote.historyRequests.count

    await remote.setHistory(quakes)
    var later = query
    later.since += 3_600_000
    later.until = 1_000_000_000 + 120 * 3_600_000
    try store.dispatch(action: .client(.backfill(query: later, date: self.date.addingTimeInterval(20))))
    #expect(store.state.history[.backfill]?.started == self.date, "a later --since up to now is the same backfill")
    await self.waitForEnd(of: .backfill, in: store, local: local)
    #expect(await local.quakes.count == 30)
    let secondRun = await remote.historyRequests.dropFirst(firstRun).map(\.window.start)
    #expect(!secondRun.isEmpty)
    #expect(
      secondRun.allSatisfy { $0 >= firstEnd - 86_400_000 },
      "only the last day of the first span is asked for again: \(secondRun)")
    #expect(secondRun.min() == firstEnd - 86_400_000)
  }

  @Test("a window whose write fails fails the job, rewound to what was written; the same backfill fetches it again")
  func failedWriteRewinds() async throws {
    let quakes = Self.catalogue(10)
    let remote = RemoteStoreDouble()
    await remote.setHistory(quakes)
    let local = LocalStoreDouble()
    let (listener, store) = try await self.launch(local: local, remote: remote)
    defer { listener.stop() }
    let query = HistoryQuery(since: 1_000_000_000, until: 1_000_045_000)
    await local.setFailWindowWrites("disk full")
    try store.dispatch(action: .client(.backfill(query: query, date: self.date)))
    for _ in 0..<2_000 {
      if let job = store.state.history[.backfill], !job.isRunning, job.cursor == query.since { break }
      try await Task.sleep(for: .milliseconds(5))
    }
    let failed = try #require(store.state.history[.backfill])
    guard case .failed(let message) = failed.phase else {
      Issue.record("the job did not fail: \(failed)")
      return
    }
    #expect(message.contains("disk full"))
    #expect(failed.cursor == query.since, "rewound to the committed cursor")
    #expect(failed.windowsDone == 0 && failed.eventsFetched == 0)

    for _ in 0..<2_000 where await local.jobs[.backfill]?.phase != failed.phase {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(await local.jobs[.backfill]?.phase == failed.phase, "the failure is saved, rewound")
    #expect(await local.jobs[.backfill]?.cursor == query.since)

    await local.setFailWindowWrites(nil)
    try store.dispatch(action: .client(.backfill(query: query, date: self.date)))
    await self.waitForEnd(of: .backfill, in: store, local: local)
    #expect(store.state.history[.backfill]?.phase == .done)
    #expect(await local.quakes.count == 10, "the window that was not written is fetched again")
  }

  /// Starts a backfill of 45 events (windows of at most 20) with window
  /// writes held, and waits until the first window's write is waiting.
  private func backfillWithTheFirstWriteHeld() async throws -> (
    Listener<LocalStoreDouble, RemoteStoreDouble>, Store<QuakesState, QuakesAction>, LocalStoreDouble, HistoryQuery,
    RemoteStoreDouble
  ) {
    let remote = RemoteStoreDouble()
    await remote.setHistory(Self.catalogue(45), maximum: 20)
    let local = LocalStoreDouble()
    await local.holdWindowWrites()
    let (listener, store) = try await self.launch(local: local, remote: remote)
    let query = HistoryQuery(since: 1_000_000_000, until: 1_000_045_000)
    try store.dispatch(action: .client(.backfill(query: query, date: self.date)))
    for _ in 0..<2_000 where await !local.isHoldingWindowWrite {
      try await Task.sleep(for: .milliseconds(5))
    }
    try #require(await local.isHoldingWindowWrite, "the first window's write is waiting")
    return (listener, store, local, query, remote)
  }

  /// Runs `body`, then returns the backfill's step in every state the
  /// store went through meanwhile. The listener starts a count or a fetch
  /// only for a step a state asks for, so "no step" means "nothing more is
  /// asked", without waiting to see that nothing comes.
  private func backfillSteps(
    of store: Store<QuakesState, QuakesAction>, during body: () async throws -> Void
  ) async rethrows -> [HistoryJob.Step?] {
    var transitions = store.makeStream().makeAsyncIterator()
    let first = store.transitionCount
    try await body()
    var steps: [HistoryJob.Step?] = []
    for _ in first..<store.transitionCount {
      guard let (_, _, newState) = await transitions.next() else { break }
      steps.append(newState.history[.backfill]?.step)
    }
    return steps
  }

  @Test("a reader that saw a window fetched waits until the local store holds it; the state takes it once written")
  func readerWaitsForTheWindowsWrite() async throws {
    let (listener, store, local, _, _) = try await self.backfillWithTheFirstWriteHeld()
    defer { listener.stop() }
    let (state, count) = store.countedSnapshot()
    let fetched = try #require(state.history[.backfill]?.eventsFetched)
    #expect(fetched > 0, "the first window was fetched")
    #expect(state.quakes.data.isEmpty, "the state takes a window's quakes from the diff that was written")
    #expect(await local.quakes.isEmpty)
    #expect(listener.progress.handled < count, "the transition whose write is held is not handled")
    let reader = Task {
      await listener.progress.wait(forTransition: count)
      return await local.quakes.count
    }
    await local.releaseWindowWrite()
    #expect(await reader.value >= fetched, "the wait returned with the window written")
    #expect(listener.progress.handled >= count)
  }

  @Test(
    "a cancel while a window is being written: the window commits, the saved checkpoint is past it, nothing more is asked"
  )
  func cancelDuringAWrite() async throws {
    let (listener, store, local, query, _) = try await self.backfillWithTheFirstWriteHeld()
    defer { listener.stop() }
    let steps = try await self.backfillSteps(of: store) {
      try store.dispatch(action: .client(.cancelBackfill(date: self.date)))
      await local.releaseWindowWrite()
      await self.waitForEnd(of: .backfill, in: store, local: local)
    }
    #expect(
      !steps.isEmpty && steps.allSatisfy { $0 == nil }, "no step for the next window of a cancelled job: \(steps)")

    let saved = try #require(await local.jobs[.backfill])
    #expect(saved.phase == .cancelled)
    #expect(saved.cursor > query.since, "the window written is in the checkpoint")
    #expect(saved.eventsWritten == (await local.quakes.count))
    #expect(await local.quakes.count == saved.eventsFetched)
    #expect(store.state.history[.backfill]?.cursor == saved.cursor)
  }

  @Test("a cancel, then the window's write fails: the cancelled job goes back to what was committed")
  func cancelThenFailedWrite() async throws {
    let (listener, store, local, query, _) = try await self.backfillWithTheFirstWriteHeld()
    defer { listener.stop() }
    let steps = try await self.backfillSteps(of: store) {
      try store.dispatch(action: .client(.cancelBackfill(date: self.date)))
      await local.releaseWindowWrite(failingWith: "disk full")
      for _ in 0..<2_000 where store.state.history[.backfill]?.cursor != query.since {
        try await Task.sleep(for: .milliseconds(5))
      }
      await self.waitForEnd(of: .backfill, in: store, local: local)
    }
    #expect(!steps.isEmpty && steps.allSatisfy { $0 == nil }, "no step for a job that stopped: \(steps)")

    #expect(store.state.history[.backfill]?.phase == .cancelled)
    #expect(store.state.history[.backfill]?.cursor == query.since)
    #expect(await local.jobs[.backfill]?.cursor == query.since, "the saved checkpoint claims nothing unwritten")
    #expect(await local.quakes.isEmpty)
  }

  @Test("a window write's failure after its run was replaced by another backfill leaves the new one alone")
  func failureOfAReplacedRun() async throws {
    let (listener, store, local, _, _) = try await self.backfillWithTheFirstWriteHeld()
    defer { listener.stop() }
    try store.dispatch(action: .client(.cancelBackfill(date: self.date)))
    let other = HistoryQuery(since: 1_000_030_000, until: 1_000_045_000)
    try store.dispatch(action: .client(.backfill(query: other, date: self.date.addingTimeInterval(60))))
    let replaced = try #require(store.state.history[.backfill])
    #expect(replaced.query == other)
    await local.releaseWindowWrite(failingWith: "disk full")
    await self.waitForEnd(of: .backfill, in: store, local: local)
    #expect(store.state.quakes.lastMutationError?.contains("disk full") == true, "the old run's write did fail")
    #expect(store.state.history[.backfill]?.id == replaced.id)
    #expect(store.state.history[.backfill]?.phase == .done)
    #expect(store.state.history[.backfill]?.eventsWritten == 15)
  }

  @Test("an answer for another run of the job changes nothing")
  func staleAnswersAreIgnored() async throws {
    var state = QuakesState.loaded()
    let query = HistoryQuery(since: 0, until: 1_000)
    state = try QuakesReducer.reduce(state: state, action: .client(.backfill(query: query, date: self.date)))
    let other = HistoryJob.ID(kind: .backfill, started: self.date.addingTimeInterval(-60))
    let window = HistoryWindow(start: 0, end: 1_000)
    for action: QuakesAction in [
      .data(
        .persistentSession(
          .remoteStore(.didCountHistory(job: other, window: window, date: self.date, result: .failure(error: "old"))))),
      .data(
        .persistentSession(
          .remoteStore(
            .didCountHistory(job: other, window: window, date: self.date, result: .success(count: 3, maximum: 20))))),
    ] {
      #expect(try QuakesReducer.reduce(state: state, action: action) == state)
    }
  }
}
