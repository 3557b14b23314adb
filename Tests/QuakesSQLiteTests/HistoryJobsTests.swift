import Foundation
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// The checkpoint of backfills and reconciliations: written with each
/// window's quakes, read back whole at start, and a row a script spoiled is
/// an error naming it.
@Suite struct HistoryJobsTests {
  private let started = Timestamp.date(milliseconds: 1_700_000_000_000)

  private func job() -> HistoryJob {
    var query = HistoryQuery(since: 1_600_000_000_000, until: 1_600_100_000_000)
    query.minMagnitude = 4.5
    query.bbox = GeoBox(minLatitude: 30, maxLatitude: 45, minLongitude: -130, maxLongitude: -110)
    var job = HistoryJob(kind: .backfill, query: query, started: self.started)
    job.counted(HistoryWindow(start: query.since, end: query.until), count: 30_000, maximum: 20_000, at: self.started)
    job.counted(
      HistoryWindow(start: query.since, end: 1_600_050_000_000), count: 14_000, maximum: 20_000, at: self.started)
    job.fetched(HistoryWindow(start: query.since, end: 1_600_050_000_000), events: 14_000, at: self.started)
    job.wrote(QuakesDiff.Counts(inserted: 13_990, updated: 10))
    return job
  }

  @Test("a window's quakes and the checkpoint past it commit together, and read back as the job resumed")
  func checkpointIsWrittenWithTheWindow() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let quakes = Quake.samples(3)
    let job = self.job()
    try await store.didFetchHistoryMutation(job: job, diff: QuakesDiff(inserted: quakes))

    let cache = try await store.fetchLocalQuakesQuery()
    #expect(Set(cache.quakes.map(\.id)) == Set(quakes.map(\.id)))
    let read = try #require(cache.history[.backfill])
    #expect(read.query == job.query)
    #expect(read.cursor == 1_600_050_000_000)
    #expect(read.windowsDone == 1 && read.eventsFetched == 14_000 && read.eventsWritten == 14_000)
    #expect(read.eventsExpected == 30_000)
    #expect(read.phase == .running)
    #expect(read.started == job.started)
    #expect(
      read.resumed(at: self.started).step == .count(HistoryWindow(start: 1_600_050_000_000, end: 1_600_100_000_000)))
  }

  @Test("a checkpoint alone replaces the kind's row; a failed job keeps its message")
  func checkpointAlone() async throws {
    let store = try SQLiteLocalStore.inMemory()
    var job = self.job()
    try await store.saveHistoryJobMutation(job: job)
    job.fail("FDSN request … failed: the service answered HTTP/1.1 400 Bad Request", at: self.started)
    try await store.saveHistoryJobMutation(job: job)
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(cache.history.count == 1)
    #expect(
      cache.history[.backfill]?.phase == .failed("FDSN request … failed: the service answered HTTP/1.1 400 Bad Request")
    )
  }

  @Test(
    "a checkpoint a script spoiled is an error naming it, not a crash",
    arguments: [
      "UPDATE history_jobs SET query = 'not json'", "UPDATE history_jobs SET phase = 'paused'",
      "UPDATE history_jobs SET cursor = 'soon'", "UPDATE history_jobs SET started = 9e300",
      #"UPDATE history_jobs SET query = '{"since":5,"until":1}'"#,
    ])
  func spoiledCheckpoint(statement: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    try await store.saveHistoryJobMutation(job: self.job())
    try DatabaseFile.execute(path, statement)
    await #expect(throws: SQLiteLocalStoreError.self) {
      _ = try await store.fetchLocalQuakesQuery()
    }
    try store.close()
  }

  @Test("a checkpoint's query without the flags later versions added reads back with them off")
  func olderQueryReadsBack() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    try await store.saveHistoryJobMutation(job: self.job())
    try DatabaseFile.execute(
      path, #"UPDATE history_jobs SET query = '{"since":1600000000000,"until":1600100000000,"minMagnitude":4.5}'"#)
    let query = try #require(try await store.fetchLocalQuakesQuery().history[.backfill]?.query)
    #expect(query.minMagnitude == 4.5)
    #expect(!query.includeDeleted && !query.isOpenEnded)
    try store.close()
  }

  @Test("a checkpoint at the last millisecond of year 9999 with counts past the column's range is saved readable")
  func extremesReadBack() async throws {
    let last = QuakeRanges.milliseconds.upperBound
    var job = HistoryJob(kind: .reconcile, query: HistoryQuery(since: last - 1, until: last), started: self.started)
    job.eventsFetched = Int.max
    job.eventsExpected = Int(Int32.max) + 1
    job.eventsRemoved = -5
    let store = try SQLiteLocalStore.inMemory()
    try await store.saveHistoryJobMutation(job: job)
    let read = try #require(try await store.fetchLocalQuakesQuery().history[.reconcile])
    #expect(read.query.until == last)
    #expect(read.eventsFetched == Int(Int32.max))
    #expect(read.eventsExpected == Int(Int32.max))
    #expect(read.eventsRemoved == 0)
  }

  @Test(
    "a job reads back with the start it was stored with, also one whose Date does not floor back to it",
    arguments: [1_700_000_000_000, 1_000_000_002, 2_147_483_648_002] as [Int64])
  func startReadsBackExactly(milliseconds: Int64) async throws {
    var job = HistoryJob(
      kind: .backfill, query: HistoryQuery(since: 0, until: 1_000), started: self.started)
    job.started = Timestamp.date(milliseconds: milliseconds)
    let store = try SQLiteLocalStore.inMemory()
    try await store.saveHistoryJobMutation(job: job)
    let read = try #require(try await store.fetchLocalQuakesQuery().history[.backfill])
    #expect(Timestamp.milliseconds(read.started) == milliseconds)
    #expect(read.id == job.id)
  }
}
