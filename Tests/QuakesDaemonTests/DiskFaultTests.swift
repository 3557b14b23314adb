import Foundation
import QuakesClient
import QuakesTestSupport
import Testing
import USGSStandIn

/// The real quakesd writing to a real file system that fills up under it,
/// then has room again: the batch that could not be written is fetched and
/// written again, and nothing is lost.
@Suite(
  "quakesd on a full disk",
  .timeLimit(.minutes(2)),
  .enabled(if: SmallFileSystem.isAvailable, "mounting a small tmpfs needs root or CAP_SYS_ADMIN")
)
struct DiskFaultTests {
  @Test(
    "a batch that could not be written fails its feed, which keeps its committed record; once there is room the batch is fetched and written"
  )
  func unwrittenBatchIsWrittenLater() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let state = directory.file("state")
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false)
    let disk = try SmallFileSystem(at: state, kibibytes: 2_048)
    defer { disk.unmount() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(10)))
      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"]
      ) { daemon in
        try await daemon.child.waitForLine { $0.contains("polled all_day: ") }
        let control = try daemon.control()
        let committed = try await Self.feedStatus(control)
        let watcher = try daemon.query()
        try watcher.send(#"{"id":"w","method":"quakes.watch","more":true}"# + "\n")
        #expect(try await watcher.readObject().result?["event"] as? String == "status")

        try disk.fill()
        standIn.setFeed(
          "all_day",
          body: SyntheticFeed.body(ids: SyntheticFeed.ids(1_000), generated: SyntheticFeed.generated + 60_000))

        let failed = try await control.call(#"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
        let failure = try #require(failed.errorMessage, "\(failed)")
        #expect(failure.contains("cannot write the all_day batch") && failure.contains("full"), "\(failure)")
        let afterFailure = try await Self.feedStatus(control)
        #expect(afterFailure["state"] as? String == "failed")
        #expect(
          (afterFailure["lastError"] as? [String: Any])?["message"] as? String
            == failure.components(separatedBy: "; the cached").first)
        #expect(afterFailure["generated"] as? String == committed["generated"] as? String, "the committed generated")
        #expect(
          afterFailure["lastSuccess"] as? String == committed["lastSuccess"] as? String, "the committed last success")
        #expect(try await control.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 10)

        disk.free()
        let written = try await control.call(#"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
        let entry = try #require((written.result?["feeds"] as? [[String: Any]])?.first, "\(written)")
        #expect(entry["outcome"] as? String == "written")
        #expect(entry["inserted"] as? Int == 990)
        #expect(try await control.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 1_000)
        #expect(try await Self.feedStatus(control)["state"] as? String == "ok")

        let requests = standIn.requests(forFeed: "all_day")
        #expect(requests.count == 3)
        #expect(
          requests.count == 3 && requests[2].headers["if-none-match"] == requests[1].headers["if-none-match"],
          "the retry sent the committed batch's validators, not the unwritten one's")

        // Watchers hear of committed changes only: the unwritten batch shows
        // as the reload after it, then the batch once it was written.
        var events: [String] = []
        var inserted = 0
        while inserted < 990 {
          let event = try #require(try await watcher.readObject().result)
          let name = try #require(event["event"] as? String)
          if name != "status" { events.append(name) }
          inserted += (event["inserted"] as? [Any])?.count ?? 0
        }
        #expect(events == ["reloaded", "changes", "changes"], "\(events)")

        daemon.child.send(signal: SIGTERM)
        #expect(await daemon.child.waitForExit() == 0)
      }
    }
  }

  /// The `quakes.status` entry of all_day.
  private static func feedStatus(_ client: LineConnection) async throws -> [String: Any] {
    let status = try await client.call(#"{"method":"quakes.status"}"#)
    let feeds = try #require(status.result?["feeds"] as? [[String: Any]], "\(status)")
    return try #require(feeds.first { $0["feed"] as? String == "all_day" })
  }
}
