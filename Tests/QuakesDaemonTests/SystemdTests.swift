import Foundation
import QuakesClient
import QuakesTestSupport
import Subprocess
import SystemPackage
import Testing
import USGSStandIn

/// quakesd under systemd's protocols, with the real binary: notifications on
/// a NOTIFY_SOCKET the test listens on, socket activation through
/// `systemd-socket-activate`, and journald's log prefixes.
@Suite("quakesd under systemd: notify, watchdog, socket activation, journald", .timeLimit(.minutes(2)))
struct SystemdTests {
  /// Runs `body` with quakesd polling all_day (3 quakes) from a stand-in and
  /// notifying a NOTIFY_SOCKET the test listens on.
  private static func withNotifyingQuakesd(
    waitForListening: Bool = true, _ body: (QuakesdProcess, NotifySocketListener) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notifications = try NotifySocketListener(in: directory)
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(3)))
      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"],
        environment: QuakesdProcess.environment(adding: ["NOTIFY_SOCKET": notifications.path]),
        waitForListening: waitForListening
      ) { daemon in
        try await body(daemon, notifications)
      }
    }
  }

  @Test("READY=1 comes once the sockets answer; STATUS= tells each poll; SIGTERM sends STOPPING=1 and exits 0")
  func readyStatusStopping() async throws {
    try await Self.withNotifyingQuakesd(waitForListening: false) { daemon, notifications in
      let ready = try await notifications.waitForMessage { $0 == "READY=1" }
      #expect(ready.contains { $0.hasPrefix("STATUS=serving") }, "\(ready)")
      // Before it, more time to open (and migrate) the cache, then to load it.
      let extensions = notifications.messages(containing: "EXTEND_TIMEOUT_USEC=600000000")
      #expect(extensions.first?.contains { $0.hasPrefix("STATUS=opening the cache") } == true, "\(extensions)")
      let messages = notifications.messages
      let extendedAt = try #require(messages.firstIndex { $0.contains("EXTEND_TIMEOUT_USEC=600000000") })
      let readyAt = try #require(messages.firstIndex { $0.contains("READY=1") })
      #expect(extendedAt < readyAt, "\(messages)")
      #expect(
        try await daemon.query().call(#"{"method":"quakes.count"}"#).result != nil,
        "the sockets answer once READY=1 is sent")
      try await notifications.waitForMessage {
        $0 == "STATUS=all_day: 3 inserted, 0 updated, 0 deleted; 3 quakes cached"
      }

      daemon.child.send(signal: SIGTERM)
      #expect(await daemon.child.waitForExit() == 0)
      let stopping = try await notifications.waitForMessage { $0 == "STOPPING=1" }
      #expect(stopping.contains { $0.hasPrefix("STATUS=stopping") })
      #expect(notifications.messages(containing: "WATCHDOG=1").isEmpty, "no watchdog was asked for")
    }
  }

  @Test("SIGHUP sends RELOADING=1 with MONOTONIC_USEC, then READY=1, as Type=notify-reload expects")
  func reloadingThenReady() async throws {
    try await Self.withNotifyingQuakesd { daemon, notifications in
      _ = try await notifications.waitForMessage { $0 == "READY=1" }
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let sent = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
      daemon.child.send(signal: SIGHUP)

      let reloading = try await notifications.waitForMessage { $0 == "RELOADING=1" }
      let stamp = reloading.first { $0.hasPrefix("MONOTONIC_USEC=") }.flatMap { UInt64($0.dropFirst(15)) }
      let microseconds = try #require(stamp, "\(reloading)")
      #expect(microseconds >= sent && microseconds < sent + 10_000_000, "\(microseconds) against \(sent)")
      let messages = notifications.messages(containing: "READY=1")
      #expect(messages.count >= 1)
      let deadline = ContinuousClock.now + .seconds(30)
      while notifications.messages(containing: "READY=1").count < 2, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(notifications.messages(containing: "READY=1").count == 2, "READY=1 again after the reload")
      #expect(daemon.child.isRunning)
    }
  }

  @Test("reloads asked for at once run one after the other: each RELOADING=1 is followed by its READY=1")
  func concurrentReloadsAreSerialized() async throws {
    try await Self.withNotifyingQuakesd { daemon, notifications in
      _ = try await notifications.waitForMessage { $0 == "READY=1" }
      let quakectl = try ChildProcess.builtExecutable("quakectl")
      async let first = Command.run(quakectl, ["reload", "--socket", daemon.runtimeDirectory])
      async let second = Command.run(quakectl, ["reload", "--socket", daemon.runtimeDirectory])
      for _ in 0..<3 { daemon.child.send(signal: SIGHUP) }
      let replies = try await [first, second]
      #expect(replies.allSatisfy { $0.status == 0 }, "\(replies.map(\.errors))")
      let deadline = ContinuousClock.now + .seconds(30)
      var states: [String] = []
      repeat {
        try await Task.sleep(for: .milliseconds(50))
        states = Self.readiness(notifications)
      } while (states.filter({ $0 == "RELOADING=1" }).count < 3 || states.last != "READY=1")
        && ContinuousClock.now < deadline
      #expect(
        states.filter { $0 == "RELOADING=1" }.count >= 3, "two requests and at least one of the signals: \(states)")
      // READY=1 (the start), then RELOADING=1 and READY=1 by turns: never two reloads at once.
      for (index, state) in states.enumerated() {
        #expect(state == (index % 2 == 0 ? "READY=1" : "RELOADING=1"), "\(states)")
      }
    }
  }

  /// The readiness states in the order they came.
  private static func readiness(_ notifications: NotifySocketListener) -> [String] {
    _ = notifications.messages(containing: "READY=1")
    return notifications.messages.compactMap { message in
      message.first { $0 == "READY=1" || $0 == "RELOADING=1" }
    }
  }

  @Test("a failing feed shows in STATUS= with the cached quakes still served")
  func failureStatus() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notifications = try NotifySocketListener(in: directory)
    try await withUSGSStandIn { standIn in
      standIn.setBehaviour(.status(503), forFeed: "all_day")
      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"],
        environment: QuakesdProcess.environment(adding: ["NOTIFY_SOCKET": notifications.path])
      ) { daemon in
        let status = try await notifications.waitForMessage { $0.hasPrefix("STATUS=all_day failed") }
        #expect(status.contains { $0.contains("503") && $0.hasSuffix("serving 0 cached quakes") }, "\(status)")
      }
    }
  }

  @Test("with WATCHDOG_USEC set, the real process keeps sending WATCHDOG=1 (its rate is the watchdog unit test's)")
  func watchdogPings() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notifications = try NotifySocketListener(in: directory)
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(1)))
      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"],
        environment: QuakesdProcess.environment(adding: [
          "NOTIFY_SOCKET": notifications.path, "WATCHDOG_USEC": "400000",
        ])
      ) { daemon in
        try await notifications.waitForMessage { $0 == "READY=1" }
        // Pings keep coming. Their rate (half of WATCHDOG_USEC) is the
        // watchdog's unit test's, on a clock it moves; here only that the
        // real process sends them, which a loaded machine cannot make false.
        let before = notifications.messages(containing: "WATCHDOG=1").count
        try await notifications.waitForMessages(before + 5, containing: "WATCHDOG=1")
      }
    }
  }

  @Test("socket activation: the sockets systemd-socket-activate passes are served, and no socket file is made")
  func socketActivation() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.socketActivateTool),
      "systemd-socket-activate is missing: apt-get install systemd")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(4)))
      let (control, query) = (directory.file("control.sock"), directory.file("query.sock"))
      try await Self.withSocketActivate([
        "-l", control, "-l", query, "--fdname=control:query", "--", try ChildProcess.builtExecutable("quakesd"),
        "--state-dir", directory.file("state"), "--runtime-dir", directory.file("run"),
        "--feed-base-url", standIn.baseURL, "--feed", "all_day",
      ]) { activator in
        try await activator.waitForLine { $0.contains("Listening on \(query)") }

        // The first connection makes systemd-socket-activate start quakesd.
        let client = try LineConnection(path: query)
        #expect(try await client.call(#"{"method":"daemon.info"}"#).result != nil)
        try await activator.waitForLine { $0.contains("polled all_day: 4 inserted") }
        #expect(try await client.call(#"{"method":"quakes.count"}"#).result?["count"] as? Int == 4)
        let refused = try await client.call(#"{"method":"quakes.purge"}"#)
        #expect(refused.errorCode == "quakes.PermissionDenied", "query.sock stays read-only")
        let deleted = try await LineConnection(path: control).call(#"{"method":"quakes.delete","params":{"id":"tt0"}}"#)
        #expect(deleted.result != nil, "\(deleted)")
        #expect(
          activator.printed.contains {
            $0.contains("control.sock (passed by systemd) and query.sock (passed by systemd)")
          })
        #expect(!FileManager.default.fileExists(atPath: directory.file("run")), "no runtime directory of its own")
      }
    }
  }

  @Test("a passed socket with a name quakesd does not serve is a configuration error: exit 78, the name in the message")
  func unknownSocketName() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.socketActivateTool),
      "systemd-socket-activate is missing: apt-get install systemd")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("other.sock")
    try await Self.withSocketActivate([
      "-l", socket, "--fdname=metrics", "--", try ChildProcess.builtExecutable("quakesd"),
      "--state-dir", directory.file("state"), "--runtime-dir", directory.file("run"), "--feed", "all_day",
      "--feed-base-url", "http://127.0.0.1:9/",
    ]) { activator in
      try await activator.waitForLine { $0.contains("Listening on \(socket)") }
      _ = try? LineConnection(path: socket)
      #expect(await activator.waitForExit() == 78)
      #expect(
        activator.printed.contains { $0.contains("named \"metrics\"") && $0.contains("FileDescriptorName=") },
        "\(activator.printed)")
    }
  }

  @Test("log lines carry <N> priorities when JOURNAL_STREAM names stderr, and times and levels otherwise")
  func journaldPrefixes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let logPath = directory.file("stderr.log")
    #expect(FileManager.default.createFile(atPath: logPath, contents: nil))
    var status = stat()
    #expect(stat(logPath, &status) == 0)
    let arguments = ["--once", "--ephemeral", "--feed", "all_day", "--feed-base-url", "http://127.0.0.1:9/"]

    let journal = try await Self.runWithStderr(
      in: logPath, arguments: arguments, environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"])
    #expect(journal.contains { $0.hasPrefix("<6>keeping the cache in memory only") }, "\(journal)")
    #expect(journal.contains { $0.hasPrefix("<4>polling all_day failed") }, "\(journal)")

    let plain = try await Self.runWithStderr(in: logPath, arguments: arguments, environment: ["JOURNAL_STREAM": "1:2"])
    #expect(plain.contains { $0.contains(" info quakesd: keeping the cache in memory only") }, "\(plain)")
    #expect(!plain.contains { $0.hasPrefix("<") })
  }

  private static let socketActivateTool = "/usr/bin/systemd-socket-activate"

  /// Runs `body` with `systemd-socket-activate` started with `arguments`; it
  /// becomes quakesd (it execs it) at the first connection. Kills it after.
  private static func withSocketActivate(_ arguments: [String], _ body: (ChildProcess) async throws -> Void)
    async throws
  {
    try await withChildProcess(
      executable: Self.socketActivateTool, arguments: arguments, environment: QuakesdProcess.environment(),
      mergeStandardError: true, body)
  }

  /// Runs quakesd to its end with standard error into the file at `path`; returns the lines written there.
  private static func runWithStderr(in path: String, arguments: [String], environment: [String: String]) async throws
    -> [String]
  {
    let standardError = try FileDescriptor.open(path, .writeOnly, options: .truncate)
    _ = try await Subprocess.run(
      .path(FilePath(try ChildProcess.builtExecutable("quakesd"))), arguments: Arguments(arguments),
      environment: .only(QuakesdProcess.environment(adding: environment)),
      output: .discarded, error: .fileDescriptor(standardError, closeAfterSpawningProcess: true))
    return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
  }
}

/// The unit files in `systemd/`, checked by systemd's own tools.
@Suite("systemd units: verify, security score, sysusers", .timeLimit(.minutes(3)))
struct SystemdUnitTests {
  private static let units = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("systemd")

  /// The units copied into a temporary unit directory, `ExecStart=` and
  /// `ExecReload=` pointing at binaries that exist here (verify checks them).
  private static func installedUnits(in directory: TemporaryDirectory) throws -> [String] {
    try ["quakesd.service", "quakesd.socket", "quakesd-query.socket"].map { name in
      let text = try String(contentsOf: Self.units.appendingPathComponent(name), encoding: .utf8)
        .replacingOccurrences(
          of: "ExecStart=/usr/sbin/quakesd", with: "ExecStart=\(try ChildProcess.builtExecutable("quakesd"))"
        )
        .replacingOccurrences(
          of: "ExecReload=/usr/bin/quakectl", with: "ExecReload=\(try ChildProcess.builtExecutable("quakectl"))")
      try text.write(toFile: directory.file(name), atomically: true, encoding: .utf8)
      return directory.file(name)
    }
  }

  @Test("systemd-analyze verify finds nothing in the service and socket units")
  func verify() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let units = try Self.installedUnits(in: directory)
    let result = try await Command.run(
      "systemd-analyze", ["verify", "--man=no"] + units, environment: ["SYSTEMD_UNIT_PATH": directory.path + ":"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty && result.output.isEmpty, "\(result.output)\(result.errors)")
  }

  @Test("systemd-analyze security --offline scores the service at most 2.0")
  func securityScore() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let service = try Self.installedUnits(in: directory)[0]
    let result = try await Command.run("systemd-analyze", ["security", "--offline=true", "--no-pager", service])
    let line = try #require(
      (result.output + result.errors).split(separator: "\n").first { $0.contains("Overall exposure level") },
      "\(result.output)\(result.errors)")
    let score = try #require(line.split(separator: " ").compactMap { Double($0) }.first, "\(line)")
    #expect(score <= 2.0, "\(line)")
  }

  @Test("systemd-sysusers reads the sysusers file and would create group quakes")
  func sysusers() async throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let result = try await Command.run(
      "systemd-sysusers",
      ["--root=\(root.path)", "--dry-run", Self.units.appendingPathComponent("quakesd.sysusers").path])
    #expect(result.status == 0, "\(result.errors)")
    #expect((result.output + result.errors).contains("Creating group 'quakes'"), "\(result.output)\(result.errors)")
  }
}
