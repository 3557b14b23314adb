import Foundation
import QuakesTestSupport
import Testing

/// A backup stopped while it waits for the daemon leaves nothing behind.
@Suite("quakectl backup, interrupted", .timeLimit(.minutes(3)))
struct QuakectlBackupInterruptTests {
  @Test(
    "Ctrl-C, SIGTERM or a closed terminal during a backup: quakectl ends by the signal and removes its partial file",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func interruptedBackupRemovesItsPartialFile(signal: Int32) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try SilentSocketServer(path: directory.file("control.sock"))
    let target = directory.file("copy.sqlite")
    try await withChildProcess(
      executable: try ChildProcess.builtExecutable("quakectl"),
      arguments: ["backup", target, "--socket", directory.path, "--timeout", "600"]
    ) { child in
      let connected = ContinuousClock.now + .seconds(30)
      while server.accepted == 0, ContinuousClock.now < connected {
        try await Task.sleep(for: .milliseconds(5))
      }
      let partials = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
        $0.hasPrefix("copy.sqlite.partial-")
      }
      #expect(partials.count == 1, "the partial file exists while the backup waits: \(partials)")
      child.send(signal: signal)
      let stopped = ContinuousClock.now + .seconds(30)
      while child.isRunning, ContinuousClock.now < stopped {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(child.wasEnded(by: signal))
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(left == ["control.sock"], "nothing of the backup is left: \(left)")
  }
}
