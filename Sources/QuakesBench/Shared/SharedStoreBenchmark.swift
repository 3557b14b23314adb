import Foundation
import QuakesTestSupport

/// `quakes-bench shared`: issue 35's goals for a store shared by several
/// quakesd on PostgreSQL (`make bench`, docs/benchmarks-shared.md).
///
///     quakes-bench shared [--rounds R] [--batch N] [--output FILE]
///
/// Each part runs on a throwaway PostgreSQL cluster (Debian's
/// postgresql-15, as the tests' `PostgresCluster`) that syncs every commit,
/// as a server in service does; the tests' clusters do not.
///
/// - **Leader writes** (``writes()``): the same batch of `N` (2,000) new
///   quakes, then the same quakes again as updates, written by the
///   PostgreSQL store's leader and by the SQLite store, each `R` times, in
///   one process, both syncing each commit (SQLite's WAL at its default
///   `synchronous=FULL`, PostgreSQL's `fsync` and `synchronous_commit`).
/// - **Follower lag** (``followerLag()``): a leader and a follower, real
///   quakesd, each with a watcher; the leader polls a new batch `R` times,
///   and each time the follower's watcher gets the change after the
///   leader's watcher did: that difference is the lag.
/// - **Queries** (``queries()``): the same questions of the leader and of
///   the follower, alternately, each with an `until` of its own so that no
///   cached answer serves it.
///
/// Every reply is checked; a failure ends the run with status 1.
struct SharedStoreBenchmark {
  let rounds: Int
  let batch: Int

  static func main(arguments: [String]) async -> Int32 {
    var rounds = 21
    var batch = 2_000
    var output: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--rounds": rounds = remaining.popFirst().flatMap { Int($0) } ?? rounds
      case "--batch": batch = remaining.popFirst().flatMap { Int($0) } ?? batch
      case "--output": output = remaining.popFirst()
      default:
        FileHandle.standardError.write(
          Data("usage: quakes-bench shared [--rounds R] [--batch N] [--output FILE]\n".utf8))
        return 2
      }
    }
    guard PostgresCluster.programs != nil else {
      FileHandle.standardError.write(Data("quakes-bench shared: \(PostgresCluster.absent)\n".utf8))
      return 1
    }
    do {
      // Bounded so that the catalogue's size (batch × rounds) cannot overflow.
      let benchmark = SharedStoreBenchmark(rounds: min(max(1, rounds), 1_000), batch: min(max(1, batch), 100_000))
      let markdown = try await benchmark.run()
      print(markdown)
      if let output { try markdown.write(toFile: output, atomically: true, encoding: .utf8) }
      return 0
    } catch {
      FileHandle.standardError.write(Data("quakes-bench shared: \(error)\n".utf8))
      return 1
    }
  }

  func run() async throws -> String {
    print("leader writes: \(self.batch) quakes, \(self.rounds) rounds, PostgreSQL and SQLite")
    let writes = try await self.writes()
    print("follower lag and queries: two quakesd on one store")
    let (lag, queries) = try await self.followerLagAndQueries()
    return self.report(writes: writes, lag: lag, queries: queries)
  }
}
