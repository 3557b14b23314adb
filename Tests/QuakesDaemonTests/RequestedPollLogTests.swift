import Foundation
import QuakesTestSupport
import Testing
import USGSStandIn

/// A poll `quakectl refresh` asked for is logged at the default level as a
/// scheduled one is, against the real binaries: before, a 500 or a
/// cut-short body it met left no line at all.
@Suite("quakectl refresh: the polls it asks for are logged", .timeLimit(.minutes(2)))
struct RequestedPollLogTests {
  private func refresh(_ arguments: [String], _ daemon: QuakesdProcess) async throws -> Command {
    try await Command.run(
      try ChildProcess.builtExecutable("quakectl"), ["refresh", "--socket", daemon.runtimeDirectory] + arguments)
  }

  @Test("a refresh that meets a 500 logs a warning; one waited for that meets a cut-short body too")
  func failuresAreLogged() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, standIn in
      standIn.setBehaviour(.status(500), forFeed: "all_day")
      let started = try await self.refresh([], daemon)
      #expect(started.status == 0, "\(started.errors)")
      let failed = try await daemon.child.waitForLine(timeout: .seconds(60)) {
        $0.contains("polling all_day as a client asked failed") && $0.contains("500")
      }
      #expect(failed.contains("warning"), "\(failed)")

      standIn.setBehaviour(.truncate(keepingBytes: 100), forFeed: "all_day")
      _ = try await self.refresh(["--wait"], daemon)
      let cut = try await daemon.child.waitForLine(timeout: .seconds(60)) {
        $0.contains("polling all_day as a client asked failed") && !$0.contains("500")
      }
      #expect(cut.contains("warning"), "\(cut)")
    }
  }

  @Test("a refresh that writes logs its counts at info, as a scheduled poll does")
  func writtenIsLogged() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, standIn in
      standIn.setFeed(
        "all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(5), generated: SyntheticFeed.generated + 60_000))
      let waited = try await self.refresh(["--wait"], daemon)
      #expect(waited.status == 0, "\(waited.errors)")
      _ = try await daemon.child.waitForLine(timeout: .seconds(60)) {
        $0.contains("polled all_day as a client asked: 2 inserted")
      }
    }
  }
}
