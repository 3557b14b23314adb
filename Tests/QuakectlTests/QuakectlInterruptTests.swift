import Foundation
import QuakesModel
import QuakesTestSupport
import Testing

/// Ctrl-C while quakectl waits for the daemon: the process ends at once,
/// by the signal, as a shell expects of a command it interrupts (quakectl
/// installs no handler of its own; quakesd's early catch of stop signals,
/// CStopSignals, is linked into quakesd alone).
@Suite("quakectl and Ctrl-C", .timeLimit(.minutes(2)))
struct QuakectlInterruptTests {
  @Test("Ctrl-C stops quakectl at once while it waits for an answer that never comes")
  func interruptStopsQuakectl() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try SilentSocketServer(path: directory.file("query.sock"))
    try await withChildProcess(
      executable: try ChildProcess.builtExecutable("quakectl"),
      arguments: ["count", "--socket", directory.path, "--timeout", "600"]
    ) { child in
      // Connected and waiting for a reply that never comes: well past main.
      let connected = ContinuousClock.now + .seconds(30)
      while server.accepted == 0, ContinuousClock.now < connected {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(server.accepted == 1)
      child.send(signal: SIGINT)
      let stopped = ContinuousClock.now + .seconds(30)
      while child.isRunning, ContinuousClock.now < stopped {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(child.wasEnded(by: SIGINT), "SIGINT was caught and kept")
    }
  }
}
