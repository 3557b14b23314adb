import Foundation
import QuakesProtocol
import QuakesTestSupport
import Testing

/// The exit statuses scripts rely on, each against the situation that causes it.
@Suite("quakectl exit statuses", .timeLimit(.minutes(3)))
struct QuakectlExitStatusTests {
  @Test("7 when no daemon runs, the message naming the socket path and how to start quakesd")
  func notRunning() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await quakectl(["status", "--socket", directory.path])
    #expect(result.status == 7)
    #expect(result.errors.contains(directory.file("query.sock")), "\(result.errors)")
    #expect(result.errors.contains("systemctl start quakesd"))
    let fromEnvironment = try await quakectl(["count"], environment: ["QUAKESD_SOCKET": directory.path])
    #expect(fromEnvironment.status == 7)
    #expect(fromEnvironment.errors.contains(directory.file("query.sock")))
  }

  @Test(
    "a value that starts with a minus is a value, not a flag: the command reaches for the daemon (7 without one)",
    arguments: [
      ["list", "--min-magnitude", "-0.5"], ["list", "--max-magnitude", "-0.5"], ["count", "--min-depth", "-3"],
      ["count", "--max-depth", "-1"], ["list", "--near", "-33.87,151.21"], ["list", "--bbox", "-25,165,-10,-170"],
      ["count", "--near", "-33.87,-151.21", "--radius", "100km"],
    ])
  func negativeValues(arguments: [String]) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await quakectl(arguments, environment: ["QUAKESD_SOCKET": directory.path])
    #expect(result.status == 7, "\(arguments): \(result.errors)")
  }

  @Test("1 when every feed of a waited refresh failed, the daemon's message on standard error")
  func failure() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(2)) { daemon, standIn in
      standIn.setBehaviour(.status(503), forFeed: "all_day")
      let result = try await quakectl(["refresh", "--wait", "--format", "table"], daemon: daemon)
      #expect(result.status == 1)
      #expect(result.errors.hasPrefix("quakectl: cannot fetch feed all_day"), "\(result.errors)")
      #expect(result.errors.contains("503") && result.errors.contains("quakes.Unavailable"), "\(result.errors)")
      #expect(result.output.isEmpty)
    }
  }

  @Test("4 for a control command sent through the query socket")
  func permissionDenied() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(2)) { daemon, _ in
      let result = try await quakectl(["delete", "tt0", "--socket", daemon.querySocket])
      #expect(result.status == 4)
      #expect(result.errors.contains("control.sock"), "\(result.errors)")
    }
  }

  @Test("3 against a server that accepts and never answers; the message says how to wait longer")
  func timeout() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try SilentSocketServer(path: directory.file("query.sock"))
    let result = try await quakectl(["count", "--socket", directory.path, "--timeout", "0.5"])
    #expect(result.status == 3)
    #expect(result.errors.contains("--timeout"), "\(result.errors)")
    _ = server
  }

  @Test("9 against a server that speaks another protocol version")
  func versionMismatch() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try SilentSocketServer(path: directory.file("query.sock"), reply: #"{"v":3,"result":{"count":1}}"#)
    let result = try await quakectl(["count", "--socket", directory.path])
    #expect(result.status == 9)
    #expect(result.errors.contains("protocol version 3"), "\(result.errors)")
    _ = server
  }

  @Test(
    "2 for bad flags, unknown commands and bad values",
    arguments: [
      ["list", "--bogus"], ["frobnicate"], ["list", "--limit", "-1"], ["list", "--sort", "speed"],
      ["list", "--min-alert", "purple"], ["count", "--status", "maybe"], ["list", "--max-depth", "nan"],
      ["list", "--near", "47.6"],
      ["list", "--near", "a,b"], ["list", "--radius", "10km"], ["list", "--near", "0,0", "--radius", "-5km"],
      ["list", "--near", "0,0", "--radius", "10 parsecs"], ["list", "--bbox", "1,2,3"], ["list", "--sort", "distance"],
      ["list", "--within", "/nonexistent.geojson"],
      ["status", "--timeout", "0"],
      // Values at and beyond their bounds: refused where they enter, never a trap.
      ["status", "--timeout", "1e300"], ["status", "--timeout", "nan"], ["status", "--timeout", "inf"],
      ["status", "--timeout", "86400.5"], ["list", "--min-magnitude", "1e400"], ["list", "--min-magnitude", "nan"],
      ["list", "--since", "1e300d"], ["list", "--until", "99999999999w"], ["list", "--since", "10000-01-01"],
      ["list", "--limit", "99999999999999999999"], ["list", "--offset", "-5"],
    ])
  func usage(arguments: [String]) async throws {
    let result = try await quakectl(arguments)
    #expect(result.status == 2, "\(arguments): \(result.errors)")
    #expect(!result.errors.isEmpty)
  }

  @Test("--help and --version exit 0 on standard output")
  func helpAndVersion() async throws {
    let help = try await quakectl(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("Exit status"))
    let version = try await quakectl(["--version"])
    #expect(version.status == 0)
    #expect(version.output.contains("protocol \(WireProtocol.version)"))
  }
}
