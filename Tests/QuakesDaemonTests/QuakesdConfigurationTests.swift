import Foundation
import QuakesClient
import QuakesDaemon
import QuakesTestSupport
import Testing
import USGSStandIn

/// The real `quakesd` binary reading a configuration file, the environment
/// and flags.
@Suite("quakesd configuration: the binary, end to end", .timeLimit(.minutes(2)))
struct QuakesdConfigurationTests {
  private func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (
    status: Int32, output: [String]
  ) {
    try await QuakesdProcess.run(arguments, environment: environment)
  }

  @Test("--check-config prints each effective value with its origin: file, environment, flag or default")
  func checkConfig() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("quakesd.conf")
    try "# a comment\nfeeds:\n  all_day: 10m\nmax-feed-size: 8MiB\nlog-level: error\n".write(
      toFile: file, atomically: true, encoding: .utf8)

    let result = try await self.run(
      ["--check-config", "--config", file, "--state-dir", directory.file("state"), "--log-level", "debug"],
      environment: ["QUAKESD_IDLE_TIMEOUT": "90s", "QUAKESD_LOG_LEVEL": "warning"])

    #expect(result.status == 0, "\(result.output)")
    func line(_ key: String) -> String { result.output.first { $0.hasPrefix(key + ":") } ?? "" }
    #expect(line("feeds").contains("{all_day: 10m}") && line("feeds").hasSuffix("# file \(file):2"), "\(result.output)")
    #expect(line("max-feed-size").contains("8MiB") && line("max-feed-size").hasSuffix("# file \(file):4"))
    #expect(
      line("idle-timeout").contains("1m30s") && line("idle-timeout").hasSuffix("# environment QUAKESD_IDLE_TIMEOUT"))
    #expect(line("log-level").contains("debug") && line("log-level").hasSuffix("# flag --log-level"))
    #expect(line("state-dir").contains(directory.file("state")) && line("state-dir").hasSuffix("# flag --state-dir"))
    #expect(line("connect-timeout").contains("10s") && line("connect-timeout").hasSuffix("# default"))
    #expect(result.output.contains("# configuration file: \(file) (flag --config)"), "\(result.output)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("state")), "checking creates nothing")
  }

  @Test(
    "each key's flag sets that key and no other, as --check-config reports",
    arguments: ConfigurationKey.allCases.filter { $0.commandLineFlag != nil })
  func flagSetsItsKey(key: ConfigurationKey) async throws {
    let flag = try #require(key.commandLineFlag)
    let value = flag.valueName == nil ? [] : [key.example]
    let result = try await self.run(["--check-config", "--config", "/dev/null", flag.name] + value)
    #expect(result.status == 0, "\(result.output)")
    let flagged = result.output.filter { $0.contains("# flag ") }
    #expect(flagged.count == 1, "\(result.output)")
    #expect(
      flagged.first?.hasPrefix(key.name + ":") == true && flagged.first?.hasSuffix("# flag \(flag.name)") == true,
      "\(flagged)")
  }

  @Test("an unknown key: exit 78 and a message naming the file, the key and the nearest valid one")
  func unknownKey() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("quakesd.conf")
    try "log-level: info\nidle-timout: 5m\n".write(toFile: file, atomically: true, encoding: .utf8)

    for arguments in [["--check-config", "--config", file], ["--config", file, "--ephemeral"]] {
      let result = try await self.run(arguments)
      #expect(result.status == 78, "\(arguments): \(result.output)")
      #expect(
        result.output.contains {
          $0.contains("\(file), line 2: unknown key \"idle-timout\" (did you mean \"idle-timeout\"?)")
        },
        "\(result.output)")
    }
  }

  @Test("--config naming a missing file: exit 78 and a message naming the path")
  func missingFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.file("missing.conf")
    let result = try await self.run(["--config", missing, "--ephemeral"])
    #expect(result.status == 78, "\(result.output)")
    #expect(
      result.output.contains { $0.contains("\"\(missing)\"") && $0.contains("does not exist") }, "\(result.output)")
  }

  @Test("QUAKESD_CONFIG names the file when --config does not")
  func environmentNamesTheFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("quakesd.conf")
    try "upstream-deletions: off\n".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try await self.run(["--check-config"], environment: ["QUAKESD_CONFIG": file])
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output.contains { $0.hasPrefix("upstream-deletions: false") && $0.hasSuffix("# file \(file):1") },
      "\(result.output)")
  }

  @Test(
    "a daemon configured by its file alone: directories, feeds and base URL from the file, its idle timeout applied")
  func daemonFromFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(3)))
      let file = directory.file("quakesd.conf")
      let text = """
        state-dir: \(directory.file("state"))
        runtime-dir: \(directory.file("run"))
        feeds:
          all_day: 5m
        feed-base-url: \(standIn.baseURL)
        idle-timeout: 1s
        """
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      try await withChildProcess(
        executable: try ChildProcess.builtExecutable("quakesd"), arguments: ["--config", file],
        environment: QuakesdProcess.environment(), mergeStandardError: true
      ) { daemon in

        try await daemon.waitForLine { $0.contains("listening on") }
        try await daemon.waitForLine { $0.contains("polled all_day") }

        #expect(FileManager.default.fileExists(atPath: directory.file("state/quakes.sqlite")))
        let client = try LineConnection(path: directory.file("run/query.sock"))
        let count = try await client.call(#"{"v":1,"id":1,"method":"quakes.count"}"#)
        #expect((count["result"] as? [String: Any])?["count"] as? Int == 3, "\(count)")
        #expect(await client.isClosedByServer(), "a silent client is closed after the 1 s idle timeout")
        #expect(daemon.isRunning)
      }
    }
  }
}
