import Foundation
import QuakesSQLite
import QuakesTestSupport
import Testing
import USGSStandIn

/// SIGTERM and SIGINT stop the real quakesd gracefully however early they
/// come: before, during and after it opens and loads its database, creates
/// its sockets and writes its first poll; SIGHUP, however early, reloads.
@Suite("quakesd stop signals: graceful from the first instruction", .timeLimit(.minutes(3)))
struct DaemonStopSignalTests {
  /// The `/proc/PID/status` field `name` of the process `pid`, as a number
  /// (`SigCgt` and `SigBlk` are hexadecimal masks, `Threads` a count).
  private static func status(_ name: String, of pid: Int32, radix: Int = 10) -> UInt64? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    let line = text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
    return line.flatMap { UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: radix) }
  }

  private static func isCaught(_ signal: Int32, by pid: Int32) -> Bool {
    (Self.status("SigCgt", of: pid, radix: 16) ?? 0) & (1 << UInt64(signal - 1)) != 0
  }

  /// Returns once `daemon` has a handler for `signal`; records an issue
  /// when it ends or 30 s pass first.
  private static func waitUntil(_ daemon: ChildProcess, catches signal: Int32) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !Self.isCaught(signal, by: daemon.processIdentifier) {
      guard daemon.isRunning, ContinuousClock.now < deadline else {
        Issue.record("quakesd never caught signal \(signal); it printed \(daemon.printed)")
        return
      }
      try await Task.sleep(for: .microseconds(100))
    }
  }

  /// Runs `body` with quakesd just started (not yet listening); kills it after.
  private static func withQuakesdChild(
    in directory: TemporaryDirectory, standIn: USGSStandIn, _ body: (ChildProcess) async throws -> Void
  ) async throws {
    try await withChildProcess(
      executable: try ChildProcess.builtExecutable("quakesd"),
      arguments: [
        "--state-dir", directory.file("state"), "--runtime-dir", directory.file("run"),
        "--feed-base-url", standIn.baseURL, "--feed", "all_day",
      ],
      environment: QuakesdProcess.environment(), mergeStandardError: true, body)
  }

  @Test("quakesd catches SIGTERM, SIGINT and SIGHUP before it starts its first thread")
  func caughtBeforeTheFirstThread() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(3)))
      try await Self.withQuakesdChild(in: directory, standIn: standIn) { daemon in
        // The first moment another thread exists: everything before it is the
        // loader and quakesd's own start, on one thread. Before the fix the
        // handlers came tens of milliseconds after the first threads.
        var caught: [Int32: Bool] = [:]
        let deadline = ContinuousClock.now + .seconds(30)
        while caught.isEmpty, daemon.isRunning, ContinuousClock.now < deadline {
          guard (Self.status("Threads", of: daemon.processIdentifier) ?? 0) > 1 else {
            try await Task.sleep(for: .microseconds(100))
            continue
          }
          for signal in [SIGTERM, SIGINT, SIGHUP] {
            caught[signal] = Self.isCaught(signal, by: daemon.processIdentifier)
          }
        }
        #expect(
          caught == [SIGTERM: true, SIGINT: true, SIGHUP: true], "caught when the second thread appeared: \(caught)")
        daemon.send(signal: SIGTERM)
        #expect(await daemon.waitForExit() == 0, "\(daemon.printed)")
      }
    }
  }

  @Test(
    "a stop signal at any moment of the start stops quakesd gracefully: exit 0, no socket left, the database sound",
    arguments: [SIGTERM, SIGINT])
  func gracefulAtAnyMoment(signal: Int32) async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(2_000)))
      // From the moment quakesd's code catches the signal (its first
      // instruction) through the open, the load, the sockets and the write.
      for delay in [0, 1, 2, 5, 10, 20, 40, 80, 160].map(Duration.milliseconds) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.withQuakesdChild(in: directory, standIn: standIn) { daemon in
          try await Self.waitUntil(daemon, catches: signal)
          try await Task.sleep(for: delay)
          daemon.send(signal: signal)

          #expect(await daemon.waitForExit() == 0, "signal \(signal) after \(delay): \(daemon.printed)")
          #expect(!FileManager.default.fileExists(atPath: directory.file("run/control.sock")), "after \(delay)")
          #expect(!FileManager.default.fileExists(atPath: directory.file("run/query.sock")), "after \(delay)")
          let database = directory.file("state/quakes.sqlite")
          if FileManager.default.fileExists(atPath: database) {
            #expect(try await SQLiteShell.integrityCheck(database) == "ok", "after \(delay)")
            let count = try await SQLiteLocalStore(path: database).fetchLocalQuakesQuery().quakes.count
            #expect(count == 0 || count == 2_000, "all or nothing after \(delay), not \(count)")
          }
        }
      }
    }
  }

  @Test("a SIGHUP at any moment of the start never stops quakesd: it reloads once quakesd listens for it")
  func hangupAtAnyMomentReloads() async throws {
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(2_000)))
      for delay in [0, 2, 10, 40, 160].map(Duration.milliseconds) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.withQuakesdChild(in: directory, standIn: standIn) { daemon in
          try await Self.waitUntil(daemon, catches: SIGHUP)
          try await Task.sleep(for: delay)
          daemon.send(signal: SIGHUP)

          try await daemon.waitForLine(timeout: .seconds(30)) {
            $0.contains("reloaded the configuration") && $0.contains("(SIGHUP): nothing changed")
          }
          #expect(daemon.isRunning, "after \(delay): \(daemon.printed)")
          daemon.send(signal: SIGTERM)
          #expect(await daemon.waitForExit() == 0, "after \(delay): \(daemon.printed)")
        }
      }
    }
  }
}
