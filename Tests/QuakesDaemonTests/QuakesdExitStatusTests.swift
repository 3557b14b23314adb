import Foundation
import QuakesSQLite
import QuakesTestSupport
import Testing

/// Each row of the exit-status tables in quakesd(8) and docs/systemd.md,
/// with the real binary. Rows tested elsewhere: 0 after SIGTERM
/// (DaemonLifecycleTests, DaemonStopSignalTests) and after `--once`, 1 when
/// every feed of `--once` failed (QuakesdOnceTests), 78 for an unknown key
/// or a missing configuration file (QuakesdConfigurationTests), for a socket
/// another quakesd serves (DaemonSocketTests) and for a passed socket
/// quakesd does not serve (SystemdTests).
@Suite("quakesd exit statuses: the documented table, with the binary", .timeLimit(.minutes(3)))
struct QuakesdExitStatusTests {
  /// A refusal to start: how to make it, and what the message must say.
  struct Refusal: Sendable, CustomTestStringConvertible {
    let name: String
    /// Prepares `directory` and returns quakesd's arguments.
    let arguments: @Sendable (TemporaryDirectory) async throws -> [String]
    /// What the message names, in `directory`.
    let mentions: @Sendable (TemporaryDirectory) -> [String]
    /// Extra environment variables.
    var environment: [String: String] = [:]
    /// A file (in `directory`) quakesd must leave as it was.
    var untouched: String?

    var testDescription: String { self.name }
  }

  /// Polls nothing reachable: every refusal comes before a poll could.
  private static let offline = ["--feed", "all_day", "--feed-base-url", "http://127.0.0.1:9/"]

  private static func directories(_ directory: TemporaryDirectory, state: String = "state") -> [String] {
    ["--state-dir", directory.file(state), "--runtime-dir", directory.file("run")]
  }

  /// A state directory holding a database file made by `make`.
  private static func database(in directory: TemporaryDirectory, _ make: (String) async throws -> Void) async throws
    -> [String]
  {
    try FileManager.default.createDirectory(atPath: directory.file("state"), withIntermediateDirectories: true)
    try await make(directory.file("state/quakes.sqlite"))
    return Self.directories(directory) + ["--once"] + Self.offline
  }

  private static let crlfURL = "http://127.0.0.1:9/feeds\r\nX-Injected: 1/"

  static let refusals: [Refusal] = [
    Refusal(
      name: "a bad value",
      arguments: { _ in ["--check-config", "--log-level", "loud"] },
      mentions: { _ in ["flag --log-level: log-level \"loud\""] }),
    Refusal(
      name: "a feed base URL with CR LF, checked",
      arguments: { _ in ["--check-config", "--feed-base-url", Self.crlfURL] },
      mentions: { _ in ["feed-base-url", "it contains a carriage return (U+000D)"] }),
    Refusal(
      name: "a feed base URL with CR LF, polled once",
      arguments: { _ in ["--once", "--ephemeral", "--feed", "all_day", "--feed-base-url", Self.crlfURL] },
      mentions: { _ in ["flag --feed-base-url", "carriage return"] }),
    Refusal(
      name: "a feed base URL with CR LF, from the environment",
      arguments: { _ in ["--once", "--ephemeral", "--feed", "all_day"] },
      mentions: { _ in ["environment variable QUAKESD_FEED_BASE_URL", "carriage return"] },
      environment: ["QUAKESD_FEED_BASE_URL": Self.crlfURL]),
    Refusal(
      name: "a runtime directory too long for its sockets",
      arguments: { directory in
        [
          "--check-config", "--runtime-dir",
          directory.path + "/" + String(repeating: "r", count: 95 - directory.path.count - 1),
        ]
      },
      mentions: { _ in ["is 95 bytes long", "at most 94 bytes"] }),
    Refusal(
      name: "a state directory that is a file",
      arguments: { directory in
        try Data("notes".utf8).write(to: URL(fileURLWithPath: directory.file("state")))
        return Self.directories(directory) + ["--once"] + Self.offline
      },
      mentions: { directory in
        ["the state directory \(directory.file("state")) cannot be used: it is a file, not a directory", "--state-dir"]
      },
      untouched: "state"),
    Refusal(
      name: "a state directory under a file",
      arguments: { directory in
        try Data("notes".utf8).write(to: URL(fileURLWithPath: directory.file("blocker")))
        return Self.directories(directory, state: "blocker/state") + ["--once"] + Self.offline
      },
      mentions: { directory in ["\(directory.file("blocker")) is a file, not a directory"] },
      untouched: "blocker"),
    Refusal(
      name: "a runtime directory that is a file",
      arguments: { directory in
        try Data("notes".utf8).write(to: URL(fileURLWithPath: directory.file("run")))
        return Self.directories(directory) + Self.offline
      },
      mentions: { directory in
        [
          "the runtime directory \(directory.file("run")) cannot be used: it is a file, not a directory",
          "--runtime-dir",
        ]
      },
      untouched: "run"),
    Refusal(
      name: "a database file that is not SQLite",
      arguments: { directory in
        try await Self.database(in: directory) { path in
          try String(repeating: "not a database. ", count: 300).write(toFile: path, atomically: true, encoding: .utf8)
        }
      },
      mentions: { directory in [directory.file("state/quakes.sqlite"), "it is not an SQLite database"] },
      untouched: "state/quakes.sqlite"),
    Refusal(
      name: "another application's database",
      arguments: { directory in
        try await Self.database(in: directory) { path in
          try await SQLiteShell.run(path, "CREATE TABLE notes(text); INSERT INTO notes VALUES ('mine');")
        }
      },
      mentions: { directory in [directory.file("state/quakes.sqlite"), "it is not a quakesd database"] },
      untouched: "state/quakes.sqlite"),
    Refusal(
      name: "a newer quakesd's database",
      arguments: { directory in
        try await Self.database(in: directory) { path in
          try SQLiteLocalStore(path: path).close()
          try await SQLiteShell.run(path, "PRAGMA user_version = \(SQLiteLocalStore.schemaVersion + 1);")
        }
      },
      mentions: { _ in ["it was written by a newer quakesd"] },
      untouched: "state/quakes.sqlite"),
    Refusal(
      name: "a damaged database",
      arguments: { directory in
        try await Self.database(in: directory) { path in
          try SQLiteLocalStore(path: path).close()
          try await SQLiteShell.run(path, "DROP TABLE quakes;")
        }
      },
      mentions: { _ in ["the database is damaged", "no table quakes"] },
      untouched: "state/quakes.sqlite"),
  ]

  @Test(
    "78 with a plain message for each configuration or state quakesd refuses to start with", arguments: Self.refusals)
  func refusesToStart(_ refusal: Refusal) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let arguments = try await refusal.arguments(directory)
    let before = refusal.untouched.map { Self.contents(of: directory.file($0)) }

    let result = try await QuakesdProcess.run(arguments, environment: refusal.environment)

    #expect(result.status == 78, "\(result.output)")
    for mention in refusal.mentions(directory) {
      #expect(result.output.contains { $0.contains(mention) }, "no \"\(mention)\" in \(result.output)")
    }
    #expect(
      !result.output.contains { $0.contains("Error Domain") || $0.contains("UserInfo=") }, "not plain: \(result.output)"
    )
    if let file = refusal.untouched {
      #expect(Self.contents(of: directory.file(file)) == before, "\(file) was changed")
    }
  }

  @Test(
    "78 for a state directory quakesd cannot write (not as root, who can)",
    .enabled(if: getuid() != 0, "root writes to read-only directories"))
  func unwritableStateDirectory() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.file("state"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o500])
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.file("state")) }
    let result = try await QuakesdProcess.run(Self.directories(directory) + ["--once"] + Self.offline)
    #expect(result.status == 78, "\(result.output)")
    #expect(result.output.contains { $0.contains("write access") }, "\(result.output)")
  }

  @Test("0 for --version, --help and --check-config; 64 for an unknown flag or a flag without its value")
  func usage() async throws {
    for arguments in [["--version"], ["--help"], ["--check-config", "--ephemeral"]] {
      let result = try await QuakesdProcess.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.output)")
    }
    for arguments in [["--no-such-flag"], ["--once", "--state-dir"]] {
      let result = try await QuakesdProcess.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.output)")
    }
  }

  @Test("the unit restarts quakesd after a failure (1), not after a usage (64) or configuration (78) error")
  func unitRestartPolicy() throws {
    let unit = try String(
      contentsOf: ManualPage.repositoryRoot.appendingPathComponent("systemd/quakesd.service"), encoding: .utf8)
    let lines = unit.split(separator: "\n").map(String.init)
    #expect(lines.contains("Restart=on-failure"))
    let prevented = lines.first { $0.hasPrefix("RestartPreventExitStatus=") }?.dropFirst(
      "RestartPreventExitStatus=".count)
    #expect(Set((prevented ?? "").split(separator: " ").map(String.init)) == ["64", "78"], "\(prevented ?? "none")")
  }

  /// The bytes of the file at `path`; `nil` when it is not a readable file.
  private static func contents(of path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }
}
