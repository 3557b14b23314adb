import Foundation
import QuakesTestSupport
import Testing

/// `quakectl health` as a monitor runs it, against a real quakesd.
@Suite("quakectl health: exit statuses for monitors", .timeLimit(.minutes(2)))
struct QuakectlHealthTests {
  @Test(
    "0 and one ok line after a poll; 1 with the feed's line once its success is older than --max-age; JSON for monitors"
  )
  func healthyThenStale() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, standIn in
      let healthy = try await quakectl(["health", "--format", "table"], daemon: daemon)
      #expect(healthy.status == 0, "\(healthy.output)\(healthy.errors)")
      #expect(healthy.output.hasPrefix("ok: every scheduled feed polled on time (all_day "), "\(healthy.output)")

      // The stand-in stops answering; the feed's last success only ages.
      standIn.setBehaviour(.status(503), forFeed: "all_day")
      #expect(try await quakectl(["refresh", "--wait", "--format", "table"], daemon: daemon).status == 1)
      var stale = healthy
      let deadline = ContinuousClock.now + .seconds(30)
      repeat {
        try await Task.sleep(for: .milliseconds(200))
        stale = try await quakectl(["health", "--format", "table", "--max-age", "1s"], daemon: daemon)
      } while stale.status == 0 && ContinuousClock.now < deadline
      #expect(stale.status == 1)
      let lines = stale.output.split(separator: "\n")
      #expect(lines.count == 1 && lines.first?.hasPrefix("all_day: last success ") == true, "\(stale.output)")
      #expect(stale.output.contains("longer than the 1s allowed") && stale.output.contains("503"), "\(stale.output)")
      #expect(try await quakectl(["health", "--format", "table"], daemon: daemon).status == 0, "3 intervals: 15m")

      let json = try await quakectl(["health", "--format", "json", "--max-age", "1s"], daemon: daemon)
      #expect(json.status == 1)
      let report = try #require(json.json as? [String: Any])
      #expect(report["healthy"] as? Bool == false)
      let feeds = try #require(report["feeds"] as? [[String: Any]])
      #expect(feeds.map { $0["feed"] as? String } == ["all_day"])
      #expect(feeds.first?["healthy"] as? Bool == false && feeds.first?["maxAgeSeconds"] as? Double == 1)
    }
  }

  @Test("7 when quakesd does not run; 2 for a --max-age it cannot take")
  func notRunningAndUsage() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = try await quakectl(["health", "--socket", directory.path])
    #expect(missing.status == 7, "\(missing.errors)")
    for bad in ["0", "2y", "-1h"] {
      let usage = try await quakectl(["health", "--socket", directory.path, "--max-age=\(bad)"])
      #expect(usage.status == 2 && usage.errors.contains("--max-age"), "\(bad): \(usage.errors)")
    }
  }
}
