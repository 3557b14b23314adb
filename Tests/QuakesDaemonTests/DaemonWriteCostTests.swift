import Foundation
import QuakesTestSupport
import Testing

/// What a poll costs the disk, counted by the kernel for the real daemon
/// (`/proc/PID/io`): the writes a batch needs, not a multiple of them.
@Suite(
  "A poll's writes, as the kernel counts them",
  .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)), .timeLimit(.minutes(2)))
struct DaemonWriteCostTests {
  /// Every row fires the count trigger, so SQLite journals each INSERT's
  /// pages for the statement alone; past 64 KiB that journal became a
  /// temporary file rewritten by every later row: 44,696 write calls for
  /// this feed (`strace -c`). SQLiteProcessSettings keeps it in memory:
  /// about 1,250, the WAL's frames.
  @Test("the first poll of a real week feed (2,054 quakes) makes fewer write calls than it stores quakes")
  func firstPollWrites() async throws {
    let feed = try Fixtures.bytes("all_week-2021-04-16T1956Z-sandykolu.geojson")
    try await withDaemon(servingFeed: feed) { daemon, _ in
      let io = try String(contentsOfFile: "/proc/\(daemon.child.processIdentifier)/io", encoding: .utf8)
      let counters = Dictionary(
        io.split(separator: "\n").compactMap { line -> (String, Int)? in
          let parts = line.split(separator: ":")
          guard parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
          return (String(parts[0]), value)
        }, uniquingKeysWith: { first, _ in first })
      let writeCalls = try #require(counters["syscw"], "\(io)")
      #expect(writeCalls < 2_054, "\(writeCalls) write calls, \(counters["wchar"] ?? -1) bytes written")
    }
  }
}
