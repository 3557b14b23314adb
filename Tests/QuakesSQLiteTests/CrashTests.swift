import Foundation
import GRDB
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// A writer killed with SIGKILL in the middle of a diff leaves a database
/// that opens and holds the state of the last committed diff: the state
/// before the diff it was writing, or after it, never a part of it.
///
/// The writer is `quakes-bench sqlite-crash-writer`, a real process, which
/// applies ``SQLiteCrashWriter/diff(count:version:)`` for version 0, 1, 2, …
@Suite(.serialized) struct CrashTests {
  @Test func killedWhileADiffIsHalfWrittenLeavesTheStateBeforeIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let count = 20_000
    try await withChildProcess(
      executable: try ChildProcess.benchExecutable(),
      arguments: ["sqlite-crash-writer", path, String(count), "2"]
    ) { child in
      // Diff 2 has written 10,000 of its 22,000 rows in an open transaction
      // (more than the page cache holds, so part of it is in the -wal file).
      try await child.waitForLine { $0 == "paused 2" }
      await child.kill()
      #expect(child.wasKilled)
    }

    let version = try await Self.checkState(path: path, count: count)
    #expect(version == 1)
  }

  @Test("killed while a first batch is written with its indexes set aside, the file is empty and keeps every index")
  func killedWhileTheIndexesAreSetAside() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let count = IndexesSetAside.threshold
    #expect(IndexesSetAside.applies(inserting: count, holding: 0))
    try await withChildProcess(
      executable: try ChildProcess.benchExecutable(),
      arguments: ["sqlite-crash-writer", path, String(count), "0"]
    ) { child in
      try await child.waitForLine { $0 == "paused 0" }
      await child.kill()
      #expect(child.wasKilled)
    }

    try SQLiteLocalStore(path: directory.file("fresh.sqlite")).close()
    #expect(
      try LargeBatchTests.indexDefinitions(at: path)
        == LargeBatchTests.indexDefinitions(at: directory.file("fresh.sqlite")))
    let store = try SQLiteLocalStore(path: path)
    #expect(try await store.fetchLocalQuakesQuery().quakes.isEmpty)
    try store.close()
    let checked = try await DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "PRAGMA integrity_check")
    }
    #expect(checked == ["ok"])
  }

  @Test(arguments: 0..<3) func killedAtAnyMomentLeavesTheLastCommittedState(run: Int) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let count = 5_000
    let printed = try await withChildProcess(
      executable: try ChildProcess.benchExecutable(), arguments: ["sqlite-crash-writer", path, String(count)]
    ) { child in
      try await child.waitForLine { $0 == "committed 1" }
      // Three moments after diff 1: at once, 120 and 270 ms on. What the
      // writer reached by then varies; the checks below hold for any moment.
      try await Task.sleep(for: .milliseconds([0, 120, 270][run]))
      await child.kill()
      #expect(child.wasKilled)
      return child.printed
    }

    // The diff in flight may have committed just before the kill, without
    // having printed so.
    let committed = printed.compactMap { Self.version(of: $0, "committed ") }.max() ?? -1
    let started = printed.compactMap { Self.version(of: $0, "writing ") }.max() ?? -1
    let version = try await Self.checkState(path: path, count: count)
    #expect(version >= committed)
    #expect(version <= started)
  }

  /// Opens the database the killed writer left, checks that it holds
  /// exactly the state after one diff, and returns that diff's version.
  private static func checkState(path: String, count: Int) async throws -> Int {
    let store = try SQLiteLocalStore(path: path)
    let cache = try await store.fetchLocalQuakesQuery()
    try store.close()
    let connection = try DatabaseFile.connection(path, readonly: true)
    #expect(try await connection.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } == ["ok"])
    try connection.close()

    let record = try #require(cache.feeds[SQLiteCrashWriter.feed])
    let generated = try #require(record.generated)
    let version = Int((Timestamp.milliseconds(generated) - 1_700_000_000_000) / 60_000)
    #expect(record == SQLiteCrashWriter.record(version: version))
    let expected = SQLiteCrashWriter.quakes(count: count, version: version)
    let stored = Set(cache.quakes)
    let missing = Set(expected).subtracting(stored).count
    let extra = stored.subtracting(expected).count
    #expect(
      missing == 0 && extra == 0,
      "the file is not the state after diff \(version): \(missing) quakes missing, \(extra) others")
    return version
  }

  private static func version(of line: String, _ prefix: String) -> Int? {
    line.hasPrefix(prefix) ? Int(line.dropFirst(prefix.count)) : nil
  }
}
