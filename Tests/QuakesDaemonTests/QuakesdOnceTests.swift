import Foundation
import QuakesData
import QuakesSQLite
import QuakesTestSupport
import Testing
import USGSStandIn

/// The real `quakesd` binary, polling the USGS stand-in once.
@Suite("quakesd --once: the binary, end to end", .timeLimit(.minutes(2)))
struct QuakesdOnceTests {
  private func run(_ arguments: [String]) async throws -> (status: Int32, output: [String]) {
    try await QuakesdProcess.run(arguments)
  }

  @Test("polls each feed once into the database and exits 0; a restart serves the same data without refetching")
  func pollsOnceAndExits() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(12)))
      // The same quakes: all_hour is complete for its window, so quakes of
      // the last hour that it did not list would be deleted upstream.
      standIn.setFeed("all_hour", body: SyntheticFeed.body(ids: SyntheticFeed.ids(12)))
      let arguments = [
        "--once", "--state-dir", directory.path, "--feed-base-url", standIn.baseURL, "--feed", "all_day", "--feed",
        "all_hour",
      ]

      let first = try await self.run(arguments)

      #expect(first.status == 0, "\(first.output)")
      #expect(first.output.contains { $0.contains("polled all_day: ") && $0.contains("inserted") }, "\(first.output)")
      let database = try SQLiteLocalStore(path: directory.file("quakes.sqlite"))
      #expect(try await database.fetchLocalQuakesQuery().quakes.count == 12)
      try database.close()

      let second = try await self.run(arguments)
      #expect(second.status == 0, "\(second.output)")
      #expect(second.output.contains { $0.contains("loaded 12 quakes from the cache") }, "\(second.output)")
      #expect(
        standIn.requests(forFeed: "all_day").last?.headers["if-none-match"] != nil,
        "\(standIn.requests(forFeed: "all_day").map(\.headers)) \(second.output) \(first.output)")
    }
  }

  @Test("every feed failing is exit 1 with the cause in the log")
  func allFeedsFailing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setBehaviour(.status(503), forFeed: "all_day")
      let result = try await self.run([
        "--once", "--state-dir", directory.path, "--feed-base-url", standIn.baseURL, "--feed", "all_day",
      ])
      #expect(result.status == 1)
      #expect(result.output.contains { $0.contains("all_day") && $0.contains("503") }, "\(result.output)")
    }
  }

  @Test("a bad flag value is a configuration error (exit 78) that names the flag and the value")
  func badFlagValues() async throws {
    let result = try await self.run(["--feed", "all_year", "--once", "--ephemeral"])
    #expect(result.status == 78)
    #expect(result.output.contains { $0.contains("--feed") && $0.contains("all_year") }, "\(result.output)")
  }

  @Test("an unknown flag is a usage error (exit 64) that names it")
  func unknownFlags() async throws {
    let result = try await self.run(["--feeds", "all_day", "--once", "--ephemeral"])
    #expect(result.status == 64)
    #expect(result.output.contains { $0.contains("--feeds") }, "\(result.output)")
  }
}
