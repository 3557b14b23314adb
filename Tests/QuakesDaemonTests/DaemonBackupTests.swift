import Foundation
import QuakesClient
import QuakesTestSupport
import Testing
import USGSStandIn

/// `quakectl backup` against the real binaries: a consistent copy while
/// quakesd writes, one quakesd starts from, and every way it can fail.
@Suite("quakectl backup: a consistent copy while quakesd runs", .timeLimit(.minutes(4)))
struct DaemonBackupTests {
  private static func backup(_ file: String, daemon: QuakesdProcess, socket: String? = nil) async throws -> Command {
    try await Command.run(
      try ChildProcess.builtExecutable("quakectl"),
      ["backup", file, "--socket", socket ?? daemon.runtimeDirectory, "--format", "json"])
  }

  private static func cachedCount(_ daemon: QuakesdProcess) async throws -> Int? {
    try await daemon.query().call(#"{"method":"quakes.count"}"#).result?["count"] as? Int
  }

  @Test(
    "backups taken during a 100,000-quake ingest are sound, hold all of the batch or none, and quakesd starts from one")
  func backupDuringIngest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(100_000)))
      var counts: [Int] = []
      let last = directory.file("last.sqlite")
      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"]
      ) { daemon in
        // From the moment quakesd listens, while its first poll is fetched,
        // decoded and written, until the cache holds the batch, and once more.
        let deadline = ContinuousClock.now + .seconds(150)
        var written = false
        while ContinuousClock.now < deadline {
          let path = directory.file("copy.sqlite")
          let result = try await Self.backup(path, daemon: daemon)
          #expect(result.status == 0, "\(result.errors)")
          let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
          let quakes = try #require(report?["quakes"] as? Int, "\(result.output)")
          #expect(try await SQLiteShell.integrityCheck(path) == "ok", "copy \(counts.count)")
          let count = try await SQLiteShell.run(path, "SELECT count(*) FROM quakes")
          #expect(count == String(quakes), "the reported count is the copy's")
          counts.append(quakes)
          try FileManager.default.moveItem(atPath: path, toPath: last)
          if written { break }
          try FileManager.default.removeItem(atPath: last)
          // The poll's line comes once its write committed (the cache's
          // count, before: the state runs ahead of the database).
          written = daemon.child.printed.contains { $0.contains("polled all_day: 100000 inserted") }
        }
        #expect(written, "the ingest ended in time")
        let names = try FileManager.default.contentsOfDirectory(atPath: daemon.stateDirectory)
        #expect(names.allSatisfy { !$0.contains("backup") }, "no scratch copy left after the backups: \(names)")
      }
      #expect(counts.count >= 2, "\(counts)")
      #expect(counts.allSatisfy { $0 == 0 || $0 == 100_000 }, "one transaction: all of the batch or none: \(counts)")
      #expect(counts.last == 100_000)

      // A quakesd whose state directory holds the last copy serves it.
      let restored = try TemporaryDirectory()
      defer { restored.remove() }
      try FileManager.default.createDirectory(atPath: restored.file("state"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: last, toPath: restored.file("state/quakes.sqlite"))
      standIn.setBehaviour(.status(503), forFeed: "all_day")
      try await withQuakesd(
        in: restored, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"]
      ) { daemon in
        #expect(try await Self.cachedCount(daemon) == 100_000)
        try await daemon.child.waitForLine { $0.contains("loaded 100000 quakes from the cache") }
      }
    }
  }

  @Test("a backup of an in-memory cache; a backup to standard output is the same file")
  func ephemeralAndStandardOutput() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(30), arguments: ["--ephemeral"]) { daemon, _ in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let result = try await Self.backup(directory.file("copy.sqlite"), daemon: daemon)
      #expect(result.status == 0, "\(result.errors)")
      #expect(try await SQLiteShell.run(directory.file("copy.sqlite"), "SELECT count(*) FROM quakes") == "30")

      let quakectl = try ChildProcess.builtExecutable("quakectl")
      let script = "\"$0\" backup - --socket \"$1\" > \"$2\""
      let piped = try await Command.run(
        "/bin/sh", ["-c", script, quakectl, daemon.runtimeDirectory, directory.file("piped.sqlite")])
      #expect(piped.status == 0, "\(piped.errors)")
      #expect(piped.errors.contains("\"quakes\":30"), "the report goes to standard error: \(piped.errors)")
      #expect(try await SQLiteShell.integrityCheck(directory.file("piped.sqlite")) == "ok")
      #expect(try await SQLiteShell.run(directory.file("piped.sqlite"), "SELECT count(*) FROM quakes") == "30")
    }
  }

  @Test("two backups to the same file at once never mix: both succeed, the file is sound, no partial file is left")
  func concurrentBackups() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3_000)) { daemon, _ in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let target = directory.file("same.sqlite")
      async let first = Self.backup(target, daemon: daemon)
      async let second = Self.backup(target, daemon: daemon)
      let results = try await [first, second]
      #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.errors))")
      #expect(try await SQLiteShell.integrityCheck(target) == "ok")
      #expect(try await SQLiteShell.run(target, "SELECT count(*) FROM quakes") == "3000")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["same.sqlite"])
    }
  }

  @Test("refusals: query.sock (exit 4), a file quakectl cannot create (exit 2, nothing left), no \"more\":true")
  func refusals() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, _ in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let onQuery = try await Self.backup(directory.file("q.sqlite"), daemon: daemon, socket: daemon.querySocket)
      #expect(onQuery.status == 4, "\(onQuery.errors)")
      #expect(!FileManager.default.fileExists(atPath: directory.file("q.sqlite")))

      let missing = try await Self.backup(directory.file("no/such/dir/x.sqlite"), daemon: daemon)
      #expect(
        missing.status == 2 && missing.errors.contains("cannot write beside \(directory.file("no/such/dir/x.sqlite"))"),
        "\(missing.errors)")

      let reply = try await daemon.control().call(#"{"id":1,"method":"daemon.backup"}"#)
      #expect(reply.errorCode == "quakes.InvalidRequest")
      #expect(reply.errorMessage?.contains("\"more\":true") == true, "\(reply)")
    }
  }

  @Test("a scratch copy left by a quakesd that died while copying is removed at the next start")
  func leftoversRemoved() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.file("state"), withIntermediateDirectories: true)
    let leftover = directory.file("state/quakes.sqlite.backup-0F1E2D3C")
    try Data("half a copy".utf8).write(to: URL(fileURLWithPath: leftover))
    let unrelated = directory.file("state/notes.txt")
    try Data("kept".utf8).write(to: URL(fileURLWithPath: unrelated))
    try await withQuakesd(in: directory, arguments: ["--feed-base-url", "http://127.0.0.1:9/", "--feed", "all_day"]) {
      _ in
      #expect(!FileManager.default.fileExists(atPath: leftover))
      #expect(FileManager.default.fileExists(atPath: unrelated))
    }
  }
}
