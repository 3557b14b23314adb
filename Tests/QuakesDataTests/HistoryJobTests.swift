import Foundation
import QuakesData
import QuakesModel
import Testing

/// The pure planning of a history job: how counts split windows, how fetches
/// move the cursor, and how a job read back resumes.
@Suite("History jobs: windows planned from counts, never guessed")
struct HistoryJobTests {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  private func job(since: Int64 = 0, until: Int64 = 1_000) -> HistoryJob {
    HistoryJob(kind: .backfill, query: HistoryQuery(since: since, until: until), started: self.date)
  }

  @Test("a new job first counts its whole span")
  func firstStepCountsTheSpan() {
    let job = self.job()
    #expect(job.step == .count(HistoryWindow(start: 0, end: 1_000)))
    #expect(job.isRunning)
  }

  @Test("a span counted within the maximum is fetched whole, and the count is the expected total")
  func smallSpanIsFetchedWhole() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 15, maximum: 20, at: self.date)
    #expect(job.step == .fetch(HistoryWindow(start: 0, end: 1_000, count: 15)))
    #expect(job.eventsExpected == 15)
  }

  @Test("a window counted above the maximum is halved, and each half counted")
  func largeWindowIsHalved() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 45, maximum: 20, at: self.date)
    #expect(job.pending == [HistoryWindow(start: 0, end: 500), HistoryWindow(start: 500, end: 1_000)])
    #expect(job.step == .count(HistoryWindow(start: 0, end: 500)))
    #expect(job.eventsExpected == 45)
    job.counted(HistoryWindow(start: 0, end: 500), count: 25, maximum: 20, at: self.date)
    #expect(
      job.pending == [
        HistoryWindow(start: 0, end: 250), HistoryWindow(start: 250, end: 500), HistoryWindow(start: 500, end: 1_000),
      ])
    #expect(job.eventsExpected == 45, "only a count of the whole rest of the span sets the total")
  }

  @Test("a fetched window moves the cursor to its end; the last one ends the job once it is written")
  func fetchesMoveTheCursor() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 30, maximum: 20, at: self.date)
    job.counted(HistoryWindow(start: 0, end: 500), count: 12, maximum: 20, at: self.date)
    job.fetched(HistoryWindow(start: 0, end: 500), events: 12, at: self.date)
    #expect(job.cursor == 500)
    #expect(job.windowsDone == 1)
    #expect(job.eventsFetched == 12)
    #expect(job.step == .count(HistoryWindow(start: 500, end: 1_000)))
    job.counted(HistoryWindow(start: 500, end: 1_000), count: 18, maximum: 20, at: self.date)
    job.fetched(HistoryWindow(start: 500, end: 1_000), events: 18, at: self.date)
    #expect(job.phase == .running, "not done before its quakes are in the database")
    #expect(job.step == nil)
    job.wrote(QuakesDiff.Counts(inserted: 18))
    #expect(job.phase == .done)
    #expect(job.finished == self.date)
    #expect(job.cursor == 1_000)
    #expect(job.step == nil)
  }

  @Test("an empty window is passed without a fetch")
  func emptyWindowIsSkipped() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 0, maximum: 20, at: self.date)
    #expect(job.phase == .done)
    #expect(job.windowsDone == 1)
    #expect(job.eventsExpected == 0)
  }

  @Test("a window the service refuses as too large is halved and counted again")
  func refusedWindowIsHalved() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 20, maximum: 20, at: self.date)
    job.refusedAsTooLarge(HistoryWindow(start: 0, end: 1_000), maximum: 20, at: self.date)
    #expect(job.step == .count(HistoryWindow(start: 0, end: 500)))
  }

  @Test("more events in one millisecond than a request returns fails the job with a message")
  func unsplittableWindowFails() {
    var job = self.job(since: 0, until: 1)
    job.counted(HistoryWindow(start: 0, end: 1), count: 25, maximum: 20, at: self.date)
    guard case .failed(let message) = job.phase else {
      Issue.record("the job did not fail: \(job.phase)")
      return
    }
    #expect(message.contains("25 events within one millisecond"))
    #expect(job.step == nil)
  }

  @Test("an answer for a window that is not the next one changes nothing")
  func staleAnswersAreIgnored() {
    var job = self.job()
    let before = job
    job.fetched(HistoryWindow(start: 0, end: 500), events: 3, at: self.date)
    job.counted(HistoryWindow(start: 500, end: 1_000), count: 3, maximum: 20, at: self.date)
    #expect(job == before)
    job.cancel(at: self.date)
    let cancelled = job
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 3, maximum: 20, at: self.date)
    #expect(job == cancelled)
  }

  @Test("a job resumed after a cancel or a restart counts the rest of its span from its cursor")
  func resumeStartsAtTheCursor() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 30, maximum: 20, at: self.date)
    job.counted(HistoryWindow(start: 0, end: 500), count: 12, maximum: 20, at: self.date)
    job.fetched(HistoryWindow(start: 0, end: 500), events: 12, at: self.date)
    job.cancel(at: self.date)
    #expect(job.phase == .cancelled)
    let resumed = job.resumed(at: self.date.addingTimeInterval(60))
    #expect(resumed.phase == .running)
    #expect(resumed.finished == nil)
    #expect(resumed.step == .count(HistoryWindow(start: 500, end: 1_000)))
    #expect(resumed.windowsDone == 1)
    #expect(resumed.eventsFetched == 12)
  }

  @Test("the FDSN parameters name every condition, and a box across the antimeridian ends past 180")
  func parameters() throws {
    var filter = QuakesQuery.Filter()
    filter.minMagnitude = 4.5
    filter.maxDepth = 70
    filter.bbox = GeoBox(minLatitude: -50, maxLatitude: -10, minLongitude: 170, maxLongitude: -170)
    filter.eventType = "Earthquake"
    filter.minFelt = 10
    filter.alert = .orange
    filter.updatedAfter = Date(timeIntervalSince1970: 3_600)
    let query = try HistoryQuery(
      since: Date(timeIntervalSince1970: 0), until: Date(timeIntervalSince1970: 86_400), filter: filter)
    let parameters = query.parameters.map { "\($0.name)=\($0.value)" }
    #expect(
      parameters == [
        "minmagnitude=4.5", "maxdepth=70.0", "minlatitude=-50.0", "maxlatitude=-10.0", "minlongitude=170.0",
        "maxlongitude=190.0", "eventtype=earthquake", "alertlevel=orange", "minfelt=10",
        "updatedafter=1970-01-01T01:00:00.000Z",
      ])
  }

  @Test("filters the FDSN service cannot apply are refused, each named")
  func unsupportedFilters() {
    var filter = QuakesQuery.Filter(search: "Alaska")
    filter.tsunami = true
    filter.minAlert = .yellow
    filter.near = GeoCircle(centre: GeoPoint(latitude: 60, longitude: -150), radiusKm: 300, minRadiusKm: 100)
    #expect {
      try HistoryQuery(
        since: Date(timeIntervalSince1970: 0), until: Date(timeIntervalSince1970: 1), filter: filter)
    } throws: { error in
      guard let error = error as? HistoryQueryError, case .unsupported(let names) = error else { return false }
      return names.contains("search") && names.contains("tsunami") && names.contains { $0.hasPrefix("min-alert") }
        && names.contains("near with a least distance")
    }
  }

  @Test("an empty or reversed span is refused")
  func emptySpan() {
    let now = Date(timeIntervalSince1970: 1_000)
    #expect(throws: HistoryQueryError.emptySpan(since: now, until: now)) {
      try HistoryQuery(since: now, until: now, filter: QuakesQuery.Filter())
    }
  }

  @Test("a cancel while the last window is being written lets it finish")
  func cancelDuringTheLastWrite() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 5, maximum: 20, at: self.date)
    job.fetched(HistoryWindow(start: 0, end: 1_000, count: 5), events: 5, at: self.date)
    job.cancel(at: self.date)
    #expect(job.phase == .running)
    job.wrote(QuakesDiff.Counts(inserted: 5))
    #expect(job.phase == .done)
  }

  @Test("a job resumed with nothing left is done; the ETA is this run's pace")
  func resumedAtTheEndIsDone() {
    var job = self.job()
    job.cursor = 1_000
    job.phase = .cancelled
    #expect(job.resumed(at: self.date).phase == .done)
    var running = self.job().resumed(at: self.date)
    running.eventsFetched = 0
    running.counted(HistoryWindow(start: 0, end: 1_000), count: 40, maximum: 20, at: self.date)
    running.counted(HistoryWindow(start: 0, end: 500), count: 10, maximum: 20, at: self.date)
    running.fetched(HistoryWindow(start: 0, end: 500), events: 10, at: self.date.addingTimeInterval(10))
    #expect(running.secondsLeft(at: self.date.addingTimeInterval(10)) == 30, "10 events in 10 s, 30 to go")
  }

  @Test(
    "the same backfill: the same span and filters; two open-ended spans whatever their now, from the same start or later"
  )
  func sameBackfill() {
    var open = HistoryQuery(since: 0, until: 1_000)
    open.isOpenEnded = true
    var later = open
    later.until = 5_000
    #expect(open.isSameBackfill(as: later))
    var closed = later
    closed.isOpenEnded = false
    #expect(!open.isSameBackfill(as: closed))
    var filtered = later
    filtered.minMagnitude = 4
    #expect(!open.isSameBackfill(as: filtered))
    #expect(HistoryQuery(since: 0, until: 1_000).isSameBackfill(as: HistoryQuery(since: 0, until: 1_000)))
    var startingLater = later
    startingLater.since = 600
    #expect(open.isSameBackfill(as: startingLater), "--since 30d asked again a week later goes on")
    var startingEarlier = later
    startingEarlier.since = -1
    #expect(!open.isSameBackfill(as: startingEarlier), "an earlier start asks for more")
    #expect(!HistoryQuery(since: 0, until: 1_000).isSameBackfill(as: HistoryQuery(since: 600, until: 1_000)))
  }

  @Test("a window whose write fails takes the job back to its committed progress, and fails it")
  func writeFailureRewinds() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 30, maximum: 20, at: self.date)
    job.counted(HistoryWindow(start: 0, end: 500), count: 12, maximum: 20, at: self.date)
    job.fetched(HistoryWindow(start: 0, end: 500, count: 12), events: 12, at: self.date)
    job.wrote(QuakesDiff.Counts(inserted: 12))
    let committed = job.progress
    job.counted(HistoryWindow(start: 500, end: 1_000), count: 18, maximum: 20, at: self.date)
    job.fetched(HistoryWindow(start: 500, end: 1_000, count: 18), events: 18, at: self.date)
    #expect(job.checkpoint.cursor == 500, "a checkpoint saved alone never records a window being written")
    #expect(job.checkpoint.eventsFetched == 12)

    job.writeFailed("disk full", at: self.date)
    #expect(job.phase == .failed("disk full"))
    #expect(job.progress == committed)
    #expect(job.pending.isEmpty)
    #expect(job.resumed(at: self.date).step == .count(HistoryWindow(start: 500, end: 1_000)))
  }

  @Test("a write failure after a cancel rewinds the cancelled job and keeps it cancelled")
  func writeFailureAfterCancel() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 30, maximum: 20, at: self.date)
    job.counted(HistoryWindow(start: 0, end: 500), count: 12, maximum: 20, at: self.date)
    job.fetched(HistoryWindow(start: 0, end: 500, count: 12), events: 12, at: self.date)
    job.cancel(at: self.date)
    job.writeFailed("disk full", at: self.date)
    #expect(job.phase == .cancelled)
    #expect(job.cursor == 0)
    #expect(job.windowsDone == 0)
  }

  @Test("an empty window after one still being written ends the job only once that one is written")
  func emptyWindowWaitsForTheWrite() {
    var job = self.job()
    job.counted(HistoryWindow(start: 0, end: 1_000), count: 12, maximum: 20, at: self.date)
    job.pending = [HistoryWindow(start: 0, end: 500, count: 12), HistoryWindow(start: 500, end: 1_000)]
    job.fetched(HistoryWindow(start: 0, end: 500, count: 12), events: 12, at: self.date)
    job.counted(HistoryWindow(start: 500, end: 1_000), count: 0, maximum: 20, at: self.date)
    #expect(job.phase == .running, "done means in the database")
    #expect(job.checkpoint.cursor == 0)
    job.wrote(QuakesDiff.Counts(inserted: 12))
    #expect(job.phase == .done)
    #expect(job.checkpoint.cursor == 1_000)
  }

  @Test("a job started at a fraction of a millisecond starts at the millisecond before, as the database keeps it")
  func startIsWholeMilliseconds() {
    let job = HistoryJob(
      kind: .backfill, query: HistoryQuery(since: 0, until: 1_000),
      started: Date(timeIntervalSince1970: 1_700_000_000.123_9))
    #expect(job.started == Timestamp.date(milliseconds: 1_700_000_000_123))
    #expect(job.id == HistoryJob.ID(kind: .backfill, started: Timestamp.date(milliseconds: 1_700_000_000_123)))
  }

  @Test("times before year 1 or after 9999 are refused where they enter")
  func outOfRange() {
    let year0 = Date(timeIntervalSince1970: -62_200_000_000)
    #expect(throws: HistoryQueryError.outOfRange(since: year0, until: self.date)) {
      try HistoryQuery(since: year0, until: self.date, filter: QuakesQuery.Filter())
    }
  }

  @Test(
    "a reconciliation over a quake at the last millisecond of year 9999 stays within the years a checkpoint keeps (and leaves that millisecond out)"
  )
  func reconcileSpanIsClamped() throws {
    let last = QuakeRanges.milliseconds.upperBound
    let state = QuakesState.loaded([Quake.fixture("edge", time: Timestamp.date(milliseconds: last))])
    let reconciling = try QuakesReducer.reduce(state: state, action: .scheduler(.reconcileDue(date: self.date)))
    let query = try #require(reconciling.history[.reconcile]?.query)
    #expect(query.until == last)
    #expect(query.since == last - 1)
  }
}
