import Foundation
import QuakesSQLite
import QuakesTestSupport
import Testing
import USGSStandIn

/// Stopping and crashing the real quakesd: nothing committed is lost, and a
/// restart picks up where it stopped.
@Suite("quakesd life cycle: SIGTERM, restart, kill -9", .timeLimit(.minutes(3)))
struct DaemonLifecycleTests {
  @Test("SIGTERM stops the daemon's parts in the documented order: the sockets first, the metrics last")
  func partsStopInOrder() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(3)))
      let arguments = ["--feed-base-url", standIn.baseURL, "--feed", "all_day", "--log-level", "debug"]
      try await withQuakesd(in: directory, arguments: arguments) { daemon in
        try await daemon.child.waitForLine { $0.contains("polled all_day: 3 inserted") }
        daemon.child.send(signal: SIGTERM)
        #expect(await daemon.child.waitForExit() == 0)
        let marker = "Triggering graceful shutdown for service sl-service="
        let stopped = daemon.child.printed.compactMap { line in
          line.range(of: marker).map { String(line[$0.upperBound...]) }
        }
        // Without SIGHUP reloads when the test runs with SIGHUP ignored (nohup).
        .filter { !$0.hasPrefix("Daemon(") && !$0.hasPrefix("EarlyStopSignals") && $0 != "SIGHUP reloads" }
        // docs/architecture.md, "Stopping" (no watchdog without systemd, no metrics listener unless asked).
        #expect(
          stopped == [
            "query.sock server", "control.sock server", "poll scheduler", "reconciliation scheduler",
            "alert dispatcher", "watch hub", "backfill log", "requested poll log", "list cache invalidation",
            "metrics of transitions",
          ], "\(stopped)")
        let stopping = daemon.child.printed.firstIndex { $0.contains(" info quakesd: stopping") }
        let lastPart = daemon.child.printed.lastIndex { $0.contains(marker + "metrics of transitions") }
        #expect((lastPart ?? .max) < (stopping ?? .min), "\"stopping\" once every part stopped")
      }
    }
  }

  @Test("SIGTERM exits 0 and removes the sockets; a restart serves the same data before fetching anything")
  func gracefulStopAndRestart() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(25)))
      let arguments = ["--feed-base-url", standIn.baseURL, "--feed", "all_day"]
      try await withQuakesd(in: directory, arguments: arguments) { first in
        try await first.child.waitForLine { $0.contains("polled all_day: 25 inserted") }

        first.child.send(signal: SIGTERM)
        #expect(await first.child.waitForExit() == 0, "\(first.child.printed)")
        #expect(first.child.printed.contains { $0.contains("stopping") })
        #expect(!FileManager.default.fileExists(atPath: first.querySocket))
        #expect(!FileManager.default.fileExists(atPath: first.controlSocket))
      }

      standIn.setBehaviour(.status(503), forFeed: "all_day")
      try await withQuakesd(in: directory, arguments: arguments) { second in
        #expect(
          second.child.printed.contains { $0.contains("loaded 25 quakes from the cache") }, "\(second.child.printed)")
        #expect(try await second.query().call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 25)
        try await second.child.waitForLine { $0.contains("polling all_day failed") }
        let status = try await second.query().call(#"{"method":"quakes.status"}"#).result
        let feed = (status?["feeds"] as? [[String: Any]])?.first
        #expect(feed?["state"] as? String == "failed")
        #expect(((feed?["lastError"] as? [String: Any])?["message"] as? String)?.contains("503") == true)
        #expect((status?["cache"] as? [String: Any])?["count"] as? Int == 25, "the cache stays when a fetch fails")
      }
    }
  }

  @Test("kill -9 during a large ingest leaves a consistent database; a restart resumes polling")
  func killDuringIngest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let count = 40_000
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_month", body: SyntheticFeed.body(ids: SyntheticFeed.ids(count)))
      let arguments = ["--feed-base-url", standIn.baseURL, "--feed", "all_month"]
      let survived = try await withQuakesd(in: directory, arguments: arguments) { first in
        await standIn.waitForRequests(1, forFeed: "all_month")
        // The write is under way once its transaction spills pages into the
        // WAL (or done, once the database holds them: a batch that grew the
        // WAL past 8 MiB is checkpointed and the WAL cut to nothing).
        try await Self.waitForFile(first.databasePath + "-wal", orFile: first.databasePath, toExceed: 1 << 20)
        await first.stop()
        #expect(first.child.wasKilled)

        let database = try SQLiteLocalStore(path: first.databasePath)
        let survived = try await database.fetchLocalQuakesQuery().quakes.count
        try database.close()
        #expect(survived == 0 || survived == count, "a committed state: all or nothing, not \(survived)")
        #expect(try await SQLiteShell.integrityCheck(first.databasePath) == "ok")
        return survived
      }

      try await withQuakesd(in: directory, arguments: arguments) { second in
        #expect(
          second.child.printed.contains { $0.contains("loaded \(survived) quakes from the cache") },
          "\(second.child.printed)")
        // Killed before its commit, the feed is fetched and written again;
        // after it, the restart's poll is a 304. Either way, a refresh that
        // waits ends with every quake in the cache (a write of 40,000: on a
        // loaded machine it took over the 30 s a reply line gets).
        let refresh = try await second.control().call(
          #"{"method":"quakes.refresh","params":{"feed":"all_month","wait":true}}"#, timeout: .seconds(90))
        #expect(refresh.result != nil, "\(refresh)")
        #expect(try await second.query().call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == count)
      }
    }
  }

  private static func waitForFile(_ path: String, orFile other: String, toExceed size: Int) async throws {
    let grown = try await poll(until: .now + .seconds(60), every: .milliseconds(1)) {
      [path, other].contains { file in
        ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int ?? 0) > size
      } ? true : nil
    }
    if grown != nil { return }
    Issue.record("neither \(path) nor \(other) grew over \(size) bytes")
  }
}
