import Foundation
import QuakesData
import QuakesModel
import Testing

@Suite("QuakesReducer: every action, including the no-ops and the throwing ones")
struct QuakesReducerTests {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)
  private static let now = Date(timeIntervalSince1970: 1_700_000_000)
  /// The record of a batch that was applied to the state.
  private static let applied = FeedRecord(
    validators: FeedValidators(etag: "\"2\""), generated: Date(timeIntervalSince1970: 1_700_000_060), lastSuccess: now)

  // MARK: the daemon starts

  @Test("the first start moves the cache status from nil to waiting")
  func didStartLoadsOnce() throws {
    let state = try QuakesReducer.reduce(state: QuakesState(), action: .daemon(.didStart))
    #expect(state.quakes.status == .waiting)
  }

  @Test("a start after the first changes nothing", arguments: [Status.waiting, .success, .failure(error: "disk")])
  func didStartAgainIsNoOp(status: Status) throws {
    var state = QuakesState.loaded([.fixture("a")])
    state.quakes.status = status
    #expect(try QuakesReducer.reduce(state: state, action: .daemon(.didStart)) == state)
  }

  @Test("a reload replaces the sync options and nothing else")
  func didReloadReplacesOptions() throws {
    var state = QuakesState.loaded([.fixture("a")])
    state.feeds[.allDay] = FeedState(status: .success, record: Self.applied)
    let options = SyncOptions(deletesUpstream: false)
    let reloaded = try QuakesReducer.reduce(state: state, action: .daemon(.didReload(options: options)))
    #expect(reloaded.options == options)
    var expected = state
    expected.options = options
    #expect(reloaded == expected)
  }

  // MARK: refresh and poll

  @Test(
    "a client refresh and a scheduler tick both move the feed to waiting",
    arguments: [QuakesAction.client(.refresh(feed: .allWeek)), .scheduler(.pollDue(feed: .allWeek))])
  func refreshMovesFeedToWaiting(action: QuakesAction) throws {
    let state = try QuakesReducer.reduce(state: .loaded(), action: action)
    #expect(state.feeds[.allWeek]?.status == .waiting)
    #expect(state.feeds[.allDay] == nil)
  }

  @Test("a refresh while the same feed is waiting is ignored")
  func refreshWhileWaitingIsIgnored() throws {
    let state = QuakesState.loaded(feeds: [.allDay: FeedState(status: .waiting)])
    #expect(try QuakesReducer.reduce(state: state, action: .client(.refresh(feed: .allDay))) == state)
    #expect(try QuakesReducer.reduce(state: state, action: .scheduler(.pollDue(feed: .allDay))) == state)
  }

  @Test("a refresh of another feed is not held up by a waiting one")
  func refreshOfOtherFeedProceeds() throws {
    let state = QuakesState.loaded(feeds: [.allDay: FeedState(status: .waiting)])
    let next = try QuakesReducer.reduce(state: state, action: .client(.refresh(feed: .allHour)))
    #expect(next.feeds[.allHour]?.status == .waiting)
  }

  @Test("a refresh after a success or a failure fetches again", arguments: [Status.success, .failure(error: "500")])
  func refreshAfterOutcome(status: Status) throws {
    let state = QuakesState.loaded(feeds: [.allDay: FeedState(status: status)])
    let next = try QuakesReducer.reduce(state: state, action: .client(.refresh(feed: .allDay)))
    #expect(next.feeds[.allDay]?.status == .waiting)
  }

  @Test("a refresh before the cache is loaded is ignored, so the load comes first")
  func refreshBeforeLoadIsIgnored() throws {
    for status in [nil, Status.waiting] {
      var state = QuakesState()
      state.quakes.status = status
      #expect(try QuakesReducer.reduce(state: state, action: .client(.refresh(feed: .allDay))) == state)
    }
  }

  // MARK: delete and purge

  @Test("a delete removes the quake at once (optimistically)")
  func deleteRemovesQuake() throws {
    let state = try QuakesReducer.reduce(
      state: .loaded([.fixture("a"), .fixture("b")]), action: .client(.delete(quake: .fixture("a"))))
    #expect(Array(state.quakes.data.keys) == ["b"])
  }

  @Test("a delete of a quake outside the live window leaves the state's quakes and counts one fewer in the database")
  func deleteOutsideTheLiveWindow() throws {
    var state = QuakesState.loaded([.fixture("a")])
    state.quakes.historyCount = 3
    let after = try QuakesReducer.reduce(state: state, action: .client(.delete(quake: .fixture("zz"))))
    #expect(after.quakes.data == state.quakes.data)
    #expect(after.quakes.historyCount == 2)
    #expect(after.selectQuakesCount() == 3)
    #expect(after.quakes.revision == state.quakes.revision + 1, "a cached list is no longer the answer")
  }

  @Test("a purge removes every quake and forgets the feeds' validators, so the next poll fetches them whole")
  func purgeRemovesEverything() throws {
    let record = FeedRecord(validators: FeedValidators(etag: "\"e\""), generated: self.date, lastSuccess: self.date)
    let feeds = [QuakesFeed.allDay: FeedState(status: .success, record: record)]
    let state = try QuakesReducer.reduce(
      state: .loaded([.fixture("a"), .fixture("b")], feeds: feeds), action: .client(.purge))
    #expect(state.quakes.data.isEmpty)
    #expect(state.feeds[.allDay]?.status == .success)
    #expect(state.feeds[.allDay]?.record == FeedRecord(lastSuccess: self.date))
  }

  // MARK: the local store answers

  @Test("the first load merges the local store into the state and keeps its feed records")
  func localFetchMerges() throws {
    var state = QuakesState.loaded([.fixture("kept")], feeds: [.allDay: FeedState(status: .waiting)])
    state.quakes.status = .waiting
    let record = FeedRecord(validators: FeedValidators(etag: "\"e1\""), generated: self.date, lastSuccess: self.date)
    let cache = PersistedCache(
      quakes: [.fixture("loaded"), .fixture("kept", magnitude: 9)],
      feeds: [.allWeek: record, .allDay: FeedRecord(validators: FeedValidators(etag: "\"old\""))])

    let next = try QuakesReducer.reduce(state: state, action: .local(.didFetchQuakes(result: .success(cache: cache))))

    #expect(next.quakes.status == .success)
    #expect(Set(next.quakes.data.keys) == ["kept", "loaded"])
    #expect(next.quakes.data["kept"]?.magnitude == 9)
    #expect(next.feeds[.allWeek]?.record == record)
    #expect(next.feeds[.allDay]?.status == .waiting, "a feed the state already knows keeps its state")
  }

  @Test("a failed load is a failure status, and the state keeps its quakes")
  func localFetchFailure() throws {
    let next = try QuakesReducer.reduce(
      state: .loaded([.fixture("a")]), action: .local(.didFetchQuakes(result: .failure(error: "not a database"))))
    #expect(next.quakes.status == .failure(error: "not a database"))
    #expect(next.quakes.data.count == 1)
  }

  @Test("a reload replaces the state's quakes with the local store's")
  func reloadReplaces() throws {
    var state = QuakesState.loaded([.fixture("only-in-memory"), .fixture("both")])
    state.quakes.status = .failure(error: "disk full")
    state.quakes.lastMutationError = "disk full"
    let cache = PersistedCache(quakes: [.fixture("both"), .fixture("only-on-disk")])

    let next = try QuakesReducer.reduce(state: state, action: .local(.didReloadQuakes(result: .success(cache: cache))))

    #expect(Set(next.quakes.data.keys) == ["both", "only-on-disk"])
    #expect(next.quakes.status == .success)
    #expect(next.quakes.lastMutationError == "disk full", "the error stays visible in status")
  }

  @Test("a failed reload is a failure status")
  func reloadFailure() throws {
    let next = try QuakesReducer.reduce(
      state: .loaded(), action: .local(.didReloadQuakes(result: .failure(error: "gone"))))
    #expect(next.quakes.status == .failure(error: "gone"))
  }

  @Test("a committed diff is recorded on its feed")
  func didWriteRecordsCounts() throws {
    let counts = QuakesDiff.Counts(inserted: 3, updated: 2, deleted: 1)
    let diff = QuakesDiff(
      inserted: [.fixture("a"), .fixture("b"), .fixture("c")], updated: [.fixture("d"), .fixture("e")],
      deleted: [.fixture("f")])
    let next = try QuakesReducer.reduce(
      state: .loaded(), action: .local(.didWriteRemoteQuakes(feed: .allDay, diff: diff)))
    #expect(next.feeds[.allDay]?.lastWrite == counts)
  }

  @Test("a failed delete is a failure status, remembered, and no feed's failure")
  func didFailMutation() throws {
    let state = QuakesState.loaded([.fixture("a")], feeds: [.allDay: FeedState(status: .success, record: Self.applied)])
    let failure = QuakesAction.local(
      .didFailMutation(mutation: .deleteQuake(quakeId: "a"), date: Self.now, error: "disk full"))
    let next = try QuakesReducer.reduce(state: state, action: failure)
    #expect(next.quakes.status == .failure(error: "disk full"))
    #expect(next.quakes.lastMutationError == "disk full")
    #expect(next.quakes.data.count == 1)
    #expect(next.feeds == state.feeds)
  }

  @Test("a batch that was not written fails its feed and forgets the batch's validators and generated")
  func didFailRemoteWrite() throws {
    let state = QuakesState.loaded(
      [.fixture("a")],
      feeds: [
        .allDay: FeedState(status: .success, record: Self.applied, lastWrite: QuakesDiff.Counts(inserted: 1)),
        .allHour: FeedState(status: .success, record: Self.applied),
      ])
    let failure = QuakesAction.local(
      .didFailMutation(mutation: .remoteQuakes(feed: .allDay), date: Self.now, error: "database or disk is full"))

    let next = try QuakesReducer.reduce(state: state, action: failure)

    let message = "database or disk is full"
    #expect(next.feeds[.allDay]?.status == .failure(error: message))
    #expect(next.feeds[.allDay]?.lastFailure == FeedFailure(date: Self.now, message: message))
    #expect(next.feeds[.allDay]?.record == FeedRecord())
    #expect(next.feeds[.allDay]?.lastWrite == nil)
    #expect(next.feeds[.allHour] == state.feeds[.allHour])
    #expect(next.quakes.lastMutationError == "database or disk is full")
  }

  @Test("a reload puts back every feed's committed record, and no record for a feed the database never had")
  func reloadRestoresCommittedRecords() throws {
    let committed = FeedRecord(validators: FeedValidators(etag: "\"1\""), generated: Self.now, lastSuccess: Self.now)
    let state = QuakesState.loaded(
      [.fixture("a")],
      feeds: [
        .allDay: FeedState(status: .failure(error: "not written"), record: FeedRecord()),
        .allHour: FeedState(status: .success, record: Self.applied),
      ])
    let reload = QuakesAction.local(
      .didReloadQuakes(result: .success(cache: PersistedCache(quakes: [.fixture("b")], feeds: [.allDay: committed]))))

    let next = try QuakesReducer.reduce(state: state, action: reload)

    #expect(Array(next.quakes.data.keys) == ["b"])
    #expect(next.feeds[.allDay]?.record == committed)
    #expect(next.feeds[.allDay]?.status == .failure(error: "not written"))
    #expect(next.feeds[.allHour]?.record == FeedRecord())
  }

  // MARK: the remote store answers

  @Test("a remote batch upserts, and removes quakes of magnitude ≤ 0 or unknown")
  func remoteBatchUpserts() throws {
    let state = QuakesState.loaded(
      [
        .fixture("same"), .fixture("revised", magnitude: 3.0), .fixture("zeroed"), .fixture("nulled"),
        .fixture("negative"),
      ],
      feeds: [.allDay: FeedState(status: .waiting)])
    let batch = FeedBatch(
      quakes: [
        .fixture("same"), .fixture("revised", magnitude: 3.4), .fixture("new"),
        .fixture("zeroed", magnitude: 0), .fixture("nulled", magnitude: nil), .fixture("negative", magnitude: -0.3),
        .fixture("new-but-zero", magnitude: 0),
      ],
      generated: self.date, validators: FeedValidators(etag: "\"e2\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT"),
      skippedFeatures: 2)

    let next = try QuakesReducer.reduce(state: state, action: .remote(.success(batch: batch), date: self.date))

    #expect(Set(next.quakes.data.keys) == ["same", "revised", "new"])
    #expect(next.quakes.data["revised"]?.magnitude == 3.4)
    let feed = try #require(next.feeds[.allDay])
    #expect(feed.status == .success)
    #expect(feed.record == FeedRecord(validators: batch.validators, generated: self.date, lastSuccess: self.date))
    #expect(feed.lastAttempt == self.date)
    #expect(feed.skippedFeatures == 2)
  }

  @Test("a batch whose metadata.generated was already applied changes no quake")
  func sameGeneratedIsSkipped() throws {
    let generated = Date(timeIntervalSince1970: 1_699_999_000)
    let state = QuakesState.loaded(
      [.fixture("a")], feeds: [.allDay: FeedState(status: .waiting, record: FeedRecord(generated: generated))])
    let batch = FeedBatch(quakes: [.fixture("a", magnitude: 5), .fixture("b")], generated: generated)

    let next = try QuakesReducer.reduce(state: state, action: .remote(.success(batch: batch), date: self.date))

    #expect(next.quakes.data == state.quakes.data)
    #expect(next.feeds[.allDay]?.status == .success)
    #expect(next.feeds[.allDay]?.record.lastSuccess == self.date)
  }

  @Test("a 304 is a success that keeps the quakes and the validators")
  func notModified() throws {
    let record = FeedRecord(validators: FeedValidators(etag: "\"e1\""), generated: self.date)
    let state = QuakesState.loaded([.fixture("a")], feeds: [.allDay: FeedState(status: .waiting, record: record)])
    let later = self.date.addingTimeInterval(60)

    let next = try QuakesReducer.reduce(state: state, action: .remote(.notModified, date: later))

    #expect(next.quakes == state.quakes)
    #expect(next.feeds[.allDay]?.status == .success)
    #expect(next.feeds[.allDay]?.record.validators == record.validators)
    #expect(next.feeds[.allDay]?.record.lastSuccess == later)
  }

  @Test("a failed fetch is a failure on its feed, remembered after later successes, and keeps the data")
  func remoteFailure() throws {
    let state = QuakesState.loaded([.fixture("a")], feeds: [.allDay: FeedState(status: .waiting)])
    let message = "all_day: GET https://example.test/all_day.geojson: HTTP 500"

    let failed = try QuakesReducer.reduce(state: state, action: .remote(.failure(error: message), date: self.date))
    #expect(failed.quakes == state.quakes)
    #expect(failed.feeds[.allDay]?.status == .failure(error: message))
    #expect(failed.feeds[.allDay]?.lastFailure == FeedFailure(date: self.date, message: message))

    let recovered = try QuakesReducer.reduce(state: failed, action: .remote(.notModified, date: self.date))
    #expect(recovered.feeds[.allDay]?.status == .success)
    #expect(recovered.feeds[.allDay]?.lastFailure?.message == message)
  }
}
