import Foundation
import QuakesModel
import QuakesTestSupport
import Testing

/// `quakes`, the one binary the Debian package installs as both programs,
/// run through links named `quakesd` and `quakectl` as the package makes them.
@Suite("the multi-call binary: quakesd or quakectl by its name", .timeLimit(.minutes(2)))
struct MultiCallTests {
  /// `quakesd` and `quakectl` links to the built `quakes` in `directory`.
  private static func links(in directory: TemporaryDirectory) throws -> (quakesd: String, quakectl: String) {
    let binary = try ChildProcess.builtExecutable("quakes")
    let quakesd = directory.file("quakesd")
    let quakectl = directory.file("quakectl")
    try FileManager.default.createSymbolicLink(atPath: quakesd, withDestinationPath: binary)
    try FileManager.default.createSymbolicLink(atPath: quakectl, withDestinationPath: quakesd)
    return (quakesd, quakectl)
  }

  @Test("each name runs its program: --version and --help are quakesd's or quakectl's")
  func namesPickThePrograms() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let links = try Self.links(in: directory)
    let daemon = try await Command.run(links.quakesd, ["--version"])
    #expect(daemon.status == 0 && daemon.output == QuakesdProduct.version + "\n", "\(daemon.output)")
    let client = try await Command.run(links.quakectl, ["--version"])
    #expect(client.status == 0 && client.output.hasPrefix("quakectl \(QuakesdProduct.version) (protocol "))
    let help = try await Command.run(links.quakectl, ["--help"])
    #expect(help.output.contains("USAGE: quakectl"), "\(help.output)")
    let missing = try await Command.run(links.quakectl, ["count", "--socket", directory.file("nothing-here")])
    #expect(missing.status == 7, "quakectl's exit status for a daemon that does not run: \(missing.errors)")
  }

  @Test("run as quakectl, Ctrl-C stops it at once: quakesd's early catch of stop signals is released")
  func interruptStopsQuakectl() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let links = try Self.links(in: directory)
    let server = try SilentSocketServer(path: directory.file("query.sock"))
    try await withChildProcess(
      executable: links.quakectl, arguments: ["count", "--socket", directory.path, "--timeout", "600"]
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
      #expect(child.wasEnded(by: SIGINT), "SIGINT was caught and kept, as quakesd's preinit handler does")
    }
  }
}
