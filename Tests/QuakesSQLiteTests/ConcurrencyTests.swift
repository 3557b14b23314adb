import Foundation
import GRDB
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Synchronization
import Testing

/// Readers in other connections and processes see the last committed
/// state while the store writes, and never make a write fail.
@Suite struct ConcurrencyTests {
  static let sqlite3 = "/usr/bin/sqlite3"
  static let count = 5_000

  /// What a reader saw: how many quakes, and which versions they carry.
  struct Snapshot: Hashable, Sendable, CustomStringConvertible {
    let count: Int
    let versions: Int
    var description: String { "\(self.count) quakes in \(self.versions) versions" }
  }

  /// Before the diff: `count` quakes of version 0. After it: `2 × count`
  /// quakes of version 1. Anything else is half a diff.
  static let before = Snapshot(count: count, versions: 1)
  static let after = Snapshot(count: 2 * count, versions: 1)
  static let query = "SELECT count(*), count(DISTINCT updated) FROM quakes"

  @Test func readersSeeTheStateBeforeOrAfterADiffNeverPartOfIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: Quake.samples(Self.count)))

    let reader = try DatabaseFile.connection(path, readonly: true)
    defer { try? reader.close() }
    let duringWrite = Mutex<[String]>([])
    let diff = QuakesDiff(
      inserted: Quake.samples(Self.count, prefix: "new", version: 1),
      updated: Quake.samples(Self.count, version: 1))

    // A reader in a loop, all along the write. A read that fails counts
    // against the test: readers must never be turned away by the writer.
    let writing = Mutex(true)
    let loop = Task.detached { () -> (seen: Set<Snapshot>, reads: Int, failures: [String]) in
      var seen: Set<Snapshot> = []
      var reads = 0
      var failures: [String] = []
      repeat {
        do {
          seen.insert(try Self.snapshot(reader))
          reads += 1
        } catch {
          failures.append("\(error)")
        }
      } while writing.withLock({ $0 })
      return (seen, reads, failures)
    }

    // Readers halfway through the diff, inside its open transaction: a
    // second connection, and the sqlite3 command a script would use.
    let halfway = Self.count
    try await store.write(feed: .allDay, record: FeedRecord(), diff: diff) { rows in
      guard rows == halfway else { return }
      let connection: String
      do {
        connection = try Self.snapshot(reader).description
      } catch {
        connection = "failed: \(error)"
      }
      let command = Self.sqlite3Snapshot(path).map(\.description) ?? "no sqlite3"
      duringWrite.withLock { $0 = [connection, command] }
    }
    writing.withLock { $0 = false }
    let (seen, reads, failures) = await loop.value

    let halfwayReads = duringWrite.withLock { $0 }
    #expect(halfwayReads.first == Self.before.description)
    if FileManager.default.isExecutableFile(atPath: Self.sqlite3) {
      #expect(halfwayReads.last == Self.before.description)
    }
    #expect(
      failures.isEmpty, "\(failures.count) of \(reads + failures.count) reads failed, first: \(failures.first ?? "")")
    #expect(seen.isSubset(of: [Self.before, Self.after]), "readers saw \(seen)")
    #expect(try Self.snapshot(reader) == Self.after)
    if FileManager.default.isExecutableFile(atPath: Self.sqlite3) {
      #expect(Self.sqlite3Snapshot(path) == Self.after)
    }
    try store.close()
  }

  @Test func aLongReadTransactionNeverMakesAWriteFail() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    // No patience at all: any lock a reader held would fail the write.
    let store = try SQLiteLocalStore(path: path, options: .init(busyTimeout: 0))
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: Quake.samples(Self.count)))

    let reader = try DatabaseFile.connection(path, readonly: true, holdingTransactions: true)
    defer { try? reader.close() }
    try reader.inDatabase { db in try db.execute(sql: "BEGIN DEFERRED") }
    #expect(try Self.snapshot(reader) == Self.before)

    // Enough pages for SQLite to try an automatic checkpoint, which must
    // not wait for the reader either.
    for version in 1...4 {
      try await store.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(),
        diff: QuakesDiff(
          inserted: version == 1 ? Quake.samples(Self.count, prefix: "new", version: 1) : [],
          updated: Quake.samples(Self.count, version: version)
            + Quake.samples(Self.count, prefix: "new", version: version)))
    }
    try await store.deleteLocalQuakeMutation(quakeId: "q0")
    #expect(try Self.snapshot(reader) == Self.before)

    try reader.inDatabase { db in try db.execute(sql: "COMMIT") }
    #expect(try Self.snapshot(reader) == Snapshot(count: 2 * Self.count - 1, versions: 1))
    try store.close()
  }

  private static func snapshot(_ reader: DatabaseQueue) throws -> Snapshot {
    try reader.inDatabase { db in
      let row = try Row.fetchOne(db, sql: Self.query)
      return Snapshot(count: row?[0] ?? -1, versions: row?[1] ?? -1)
    }
  }

  /// What `sqlite3 -readonly PATH QUERY` prints, as a snapshot; `nil` when
  /// sqlite3 is not installed or failed.
  private static func sqlite3Snapshot(_ path: String) -> Snapshot? {
    guard FileManager.default.isExecutableFile(atPath: Self.sqlite3) else { return nil }
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: Self.sqlite3)
    process.arguments = ["-readonly", path, Self.query]
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      .split(separator: "|").compactMap { Int($0) }
    guard process.terminationStatus == 0, fields.count == 2 else { return nil }
    return Snapshot(count: fields[0], versions: fields[1])
  }
}
