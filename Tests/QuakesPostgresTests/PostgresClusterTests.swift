import Foundation
import QuakesTestSupport
import Testing

/// The throwaway clusters the tests and benchmarks make: one whose maker
/// was killed before it could stop it is stopped and removed by the next
/// start, in this run or the next.
@Suite(
  .enabled(if: PostgresCluster.programs != nil, Comment(rawValue: PostgresCluster.absent)), .serialized,
  .timeLimit(.minutes(2)))
struct PostgresClusterTests {
  @Test("a cluster whose maker has ended is stopped and removed when the next one starts; a live maker's is kept")
  func orphansAreReaped() async throws {
    let orphan = try await PostgresCluster.start()
    let kept = try await PostgresCluster.start()
    // A process that has ended: the shell, gone once it printed its id.
    let ended = try await Command.run("/bin/sh", ["-c", "echo $$"])
    let owner = ended.output.trimmingCharacters(in: .whitespacesAndNewlines)
    try #require(Int32(owner) != nil, "\(ended.output)")
    try "\(owner)\n".write(toFile: orphan.directory + "/owner", atomically: false, encoding: .utf8)
    let before = try await orphan.psql("SELECT 1")
    #expect(before == "1", "the orphan's server runs")
    try await withPostgresCluster { _ in
      #expect(!FileManager.default.fileExists(atPath: orphan.directory), "the orphan's directory is gone")
      await #expect(throws: (any Error).self, "the orphan's server is stopped") {
        try await orphan.psql("SELECT 1")
      }
      let answer = try await kept.psql("SELECT 1")
      #expect(answer == "1", "a cluster of this process runs on")
    }
    await kept.stop()
  }
}
