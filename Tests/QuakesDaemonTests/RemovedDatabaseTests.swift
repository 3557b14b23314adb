import Foundation
import QuakesTestSupport
import Testing
import USGSStandIn

/// The real quakesd when its state directory is removed under it (a
/// careless `rm -rf`, a cleanup job): it keeps serving what it has, refuses
/// writes that would be lost with a message that says to restart, and a
/// restart creates a new database and refills it.
@Suite("quakesd when its database is removed while it runs", .timeLimit(.minutes(2)))
struct RemovedDatabaseTests {
  @Test("writes are refused with a clear message, the cache is still served, and a restart refills a new database")
  func stateDirectoryRemoved() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(10)))
      let arguments = ["--feed-base-url", standIn.baseURL, "--feed", "all_day"]
      try await withQuakesd(in: directory, arguments: arguments) { daemon in
        try await daemon.child.waitForLine { $0.contains("polled all_day: ") }
        try FileManager.default.removeItem(atPath: daemon.stateDirectory)

        standIn.setFeed(
          "all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(12), generated: SyntheticFeed.generated + 60_000))
        let control = try daemon.control()
        let refresh = try await control.call(#"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
        let message = try #require(refresh.errorMessage, "\(refresh)")
        #expect(message.contains("was removed, moved or replaced") && message.contains("Restart quakesd"), "\(message)")
        #expect(
          try await control.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 10,
          "the cache is still served")

        daemon.child.send(signal: SIGTERM)
        #expect(await daemon.child.waitForExit() == 0)
      }

      try await withQuakesd(in: directory, arguments: arguments) { restarted in
        try await restarted.child.waitForLine { $0.contains("polled all_day: ") }
        #expect(try await restarted.query().call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 12)
        #expect(FileManager.default.fileExists(atPath: restarted.databasePath))
      }
    }
  }
}
