import Foundation
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// Diffs, deletes and purges change exactly what they say, and an empty
/// diff writes at most the feed's row, when its validators moved.
@Suite struct DiffTests {
  let record = FeedRecord(
    validators: FeedValidators(etag: "\"1\""), generated: Timestamp.date(milliseconds: 1_700_000_000_000),
    lastSuccess: Timestamp.date(milliseconds: 1_700_000_001_000))

  @Test func insertUpdateAndDeleteDiffs() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    let (a, b, c, d) = (Quake.sample("a"), Quake.sample("b"), Quake.sample("c"), Quake.sample("d"))

    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: self.record, diff: QuakesDiff(inserted: [a, b, c]))
    #expect(Set(try await store.fetchLocalQuakesQuery().quakes) == [a, b, c])

    let newerB = b.with(place: "5 km E of Pāhala, Hawaii")
    var next = self.record
    next.validators.etag = "\"2\""
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: next, diff: QuakesDiff(inserted: [d], updated: [newerB], deleted: [c]))
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(Set(cache.quakes) == [a, newerB, d])
    #expect(cache.feeds == [.allDay: next])
    try store.close()
  }

  @Test func aReplayedDiffConvergesInsteadOfFailing() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let quakes = Quake.samples(5)
    let diff = QuakesDiff(inserted: quakes, deleted: [Quake.sample("never-stored")])
    try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: self.record, diff: diff)
    try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: self.record, diff: diff)
    #expect(Set(try await store.fetchLocalQuakesQuery().quakes) == Set(quakes))

    // An update of a row the file lacks stores it.
    let missing = Quake.sample("missing")
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: self.record, diff: QuakesDiff(updated: [missing]))
    #expect(Set(try await store.fetchLocalQuakesQuery().quakes) == Set(quakes + [missing]))
  }

  @Test func anEmptyDiffWithTheValidatorsOnFileWritesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    let quakes = Quake.samples(1_000)
    try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: self.record, diff: QuakesDiff(inserted: quakes))

    let changes = store.rowChanges()
    let files = [path, path + "-wal"].map(DatabaseFile.fingerprint)
    var later = self.record
    later.lastSuccess = Timestamp.date(milliseconds: 1_700_000_060_000)
    for _ in 0..<3 {
      try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: later, diff: QuakesDiff())
    }
    #expect(store.rowChanges() == changes)
    #expect([path, path + "-wal"].map(DatabaseFile.fingerprint) == files)
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(cache.feeds == [.allDay: self.record])
    #expect(cache.quakes.count == quakes.count)
    try store.close()
  }

  @Test func anEmptyDiffWithNewValidatorsWritesTheRecordAlone() async throws {
    let store = try SQLiteLocalStore.inMemory()
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: self.record, diff: QuakesDiff(inserted: Quake.samples(10)))
    let changes = store.rowChanges()
    var newer = self.record
    newer.validators.etag = "\"2\""

    try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: newer, diff: QuakesDiff())
    try await store.didFetchRemoteQuakesMutation(feed: .allHour, record: newer, diff: QuakesDiff())

    #expect(store.rowChanges() == changes + 2, "one row per feed, no quake")
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(cache.feeds == [.allDay: newer, .allHour: newer])
    #expect(cache.quakes.count == 10)
  }

  @Test func aDiffWritesOneRowPerQuakePlusTheRecord() async throws {
    let store = try SQLiteLocalStore.inMemory()
    let before = store.rowChanges()
    let quakes = Quake.samples(10)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: self.record, diff: QuakesDiff(inserted: Array(quakes[0..<8])))
    let first = store.rowChanges() - before
    #expect(first == 9)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: self.record,
      diff: QuakesDiff(inserted: Array(quakes[8...]), updated: [quakes[0].with(place: nil)], deleted: [quakes[1]]))
    let second = store.rowChanges() - before
    #expect(second == 9 + 5)
  }

  @Test func aCancelledWriteIsRolledBackAsAWhole() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    let first = Quake.samples(10)
    try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: self.record, diff: QuakesDiff(inserted: first))

    // The write stops after 100 rows until the test has cancelled it.
    let (halts, halted) = AsyncStream.makeStream(of: Void.self)
    let resume = DispatchSemaphore(value: 0)
    let write = Task {
      // A write that ends before row 100 ends the stream: the test fails, not hangs.
      defer { halted.finish() }
      try await store.write(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: Quake.samples(1_000, prefix: "more")),
        progress: { rows in
          guard rows == 100 else { return }
          halted.yield()
          resume.wait()
        })
    }
    var haltsIterator = halts.makeAsyncIterator()
    try #require(await haltsIterator.next() != nil, "the write ended before its 100th row")
    write.cancel()
    resume.signal()
    await #expect(throws: CancellationError.self) { try await write.value }

    let cache = try await store.fetchLocalQuakesQuery()
    #expect(Set(cache.quakes) == Set(first))
    #expect(cache.feeds == [.allDay: self.record])
    try store.close()
  }

  @Test func deleteOneAndDeleteAll() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    let quakes = Quake.samples(4)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allWeek, record: self.record, diff: QuakesDiff(inserted: quakes))

    try await store.deleteLocalQuakeMutation(quakeId: "q2")
    try await store.deleteLocalQuakeMutation(quakeId: "no-such-quake")
    #expect(Set(try await store.fetchLocalQuakesQuery().quakes) == Set(quakes.filter { $0.id != "q2" }))

    try await store.deleteLocalQuakesMutation()
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(cache.quakes.isEmpty)
    #expect(
      cache.feeds == [.allWeek: FeedRecord(lastSuccess: self.record.lastSuccess)],
      "a purge forgets validators and generated")
    try store.close()
  }

  @Test func reopeningAfterCloseKeepsQuakesAndRecords() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let quakes = Quake.samples(500) + RoundTripTests.quakes
    let store = try SQLiteLocalStore(path: path)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: self.record, diff: QuakesDiff(inserted: quakes))
    try await store.didFetchRemoteQuakesMutation(
      feed: .allHour, record: FeedRecord(), diff: QuakesDiff(deleted: [quakes[0]]))
    let written = try await store.fetchLocalQuakesQuery()
    try store.close()

    let reopened = try SQLiteLocalStore(path: path)
    let read = try await reopened.fetchLocalQuakesQuery()
    #expect(Set(read.quakes) == Set(quakes.dropFirst()))
    #expect(Set(read.quakes) == Set(written.quakes))
    #expect(read.feeds == [.allMonth: self.record, .allHour: FeedRecord()])
    try reopened.close()
  }
}
