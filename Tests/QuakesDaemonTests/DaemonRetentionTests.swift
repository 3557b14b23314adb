import Foundation
import QuakesTestSupport
import Testing
import USGSStandIn

/// Retention rules in the real quakesd: after a poll, exactly the quakes the
/// rules expire leave the cache and the database, and status says so.
@Suite("quakesd retention: rules remove exactly what they say", .timeLimit(.minutes(2)))
struct DaemonRetentionTests {
  @Test(
    "keep M4.5+ forever and the rest 10 days: the small quakes older than 10 days go, from the cache and the database"
  )
  func rulesRemoveExactly() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let now = Int64(Date().timeIntervalSince1970 * 1_000)
    // A quake a day for 30 days, a minute past each whole day: magnitude 5
    // on even days, 3 on odd ones.
    let month = (0..<30).map { day in
      SyntheticFeed.feature(
        id: "d\(day)", time: "\(now - Int64(day) * 86_400_000 - 60_000)", magnitude: day % 2 == 0 ? "5.0" : "3.0")
    }
    let expectedKept = (0..<30).filter { $0 < 10 || $0 % 2 == 0 }.map { "d\($0)" }
    try await withUSGSStandIn { standIn in
      // First the month, with no rules: every quake is cached.
      standIn.setFeed("all_month", body: SyntheticFeed.body(ids: [], generated: now, extraFeatures: month))
      let filled = try await QuakesdProcess.run([
        "--once", "--state-dir", directory.file("state"), "--runtime-dir", directory.file("run"),
        "--feed-base-url", standIn.baseURL, "--feed", "all_month",
      ])
      #expect(filled.status == 0, "\(filled.output)")
      #expect(try await SQLiteShell.run(directory.file("state/quakes.sqlite"), "SELECT count(*) FROM quakes") == "30")

      // Then only the hour feed, which carries d0 alone, with the rules.
      standIn.setFeed("all_hour", body: SyntheticFeed.body(ids: [], generated: now, extraFeatures: [month[0]]))
      let configuration = directory.file("quakesd.conf")
      try "retention:\n  - min-magnitude: 4.5\n    keep: forever\n  - keep: 10d\n"
        .write(toFile: configuration, atomically: true, encoding: .utf8)
      try await withQuakesd(
        in: directory,
        arguments: ["--config", configuration, "--feed-base-url", standIn.baseURL, "--feed", "all_hour"]
      ) { daemon in
        try await daemon.child.waitForLine { $0.contains("retention: removed 10 quakes") }
        let listed = try await Command.run(
          try ChildProcess.builtExecutable("quakectl"),
          ["export", "--socket", daemon.runtimeDirectory, "--forward"])
        let ids = listed.output.split(separator: "\n").compactMap {
          (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(ids == expectedKept.reversed(), "\(ids)")
        let stored = try await SQLiteShell.run(daemon.databasePath, "SELECT id FROM quakes ORDER BY time DESC")
        #expect(stored.split(separator: "\n").map(String.init) == expectedKept, "the database holds the same")
        let indexed = try await SQLiteShell.run(daemon.databasePath, "SELECT id FROM quakes_rtree ORDER BY id")
        #expect(Set(indexed.split(separator: "\n").map(String.init)) == Set(expectedKept), "and its spatial index")

        let status = try await daemon.query().call(#"{"method":"quakes.status"}"#)
        let retention = (status.result?["cache"] as? [String: Any])?["retention"] as? [String: Any]
        #expect(retention?["rules"] as? Int == 2 && retention?["removed"] as? Int == 10, "\(status)")
        #expect(retention?["lastRemoved"] as? Int == 10)
      }
    }
  }
}
