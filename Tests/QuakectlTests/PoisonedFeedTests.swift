import Foundation
import QuakesTestSupport
import Testing
import USGSStandIn

/// A feed carrying values no real event has, served to the real quakesd and
/// read back with the real quakectl: the daemon skips those features, keeps
/// running, and everything it serves parses.
@Suite("A poisoned feed, end to end", .timeLimit(.minutes(2)))
struct PoisonedFeedTests {
  /// Each of these crashed quakesd (a trap converting the time to an
  /// `Int64`) or was stored and then broke every list that included it.
  private static let poisoned = [
    SyntheticFeed.feature(id: "maxtime", time: "9223372036854775807"),
    SyntheticFeed.feature(id: "fartime", time: "9000000000000000"),
    SyntheticFeed.feature(id: "farlat", latitude: "1e308"),
    SyntheticFeed.feature(id: "bigmag", magnitude: "1e308"),
    SyntheticFeed.feature(id: "deep", depth: "-1e308"),
  ]

  @Test("out-of-range features are skipped and counted; the daemon runs on and every command parses its answers")
  func skippedAndServed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      let good = SyntheticFeed.ids(3)
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: good, extraFeatures: Self.poisoned))
      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"]
      ) { daemon in
        try await daemon.child.waitForLine { $0.contains("polled all_day: ") }

        let list = try await quakectl(["list", "--format", "json"], daemon: daemon)
        #expect(list.status == 0, "\(list.errors)")
        #expect((list.json as? [[String: Any]])?.compactMap { $0["id"] as? String } == good)

        for id in good {
          let show = try await quakectl(["show", id, "--format", "json"], daemon: daemon)
          #expect(show.status == 0, "\(show.errors)")
        }
        let missing = try await quakectl(["show", "maxtime"], daemon: daemon)
        #expect(missing.status == 10)

        let status = try await quakectl(["status", "--format", "json"], daemon: daemon)
        #expect(status.status == 0, "\(status.errors)")
        let feeds = try #require((status.json as? [String: Any])?["feeds"] as? [[String: Any]])
        #expect(feeds.first { $0["feed"] as? String == "all_day" }?["skippedFeatures"] as? Int == Self.poisoned.count)

        // A restart serves the same database (it listens once the cache is loaded).
        daemon.child.send(signal: SIGTERM)
        #expect(await daemon.child.waitForExit() == 0)
      }

      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"]
      ) { restarted in
        let again = try await quakectl(["list", "--format", "csv"], daemon: restarted)
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.split(separator: "\r\n").count == good.count + 1, "\(again.output)")
      }
    }
  }
}
