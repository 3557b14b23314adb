import Foundation
import QuakesTestSupport
import Testing
import USGSStandIn

/// What an alert program or receiver does cannot stop quakesd, nor make it
/// send a delivered alert again, and a crash during an attempt is followed
/// by a wait, not by every delivery at once, and after three by giving up.
extension DaemonAlertsTests {
  /// What `quakes.status` says the rules' deliveries came to.
  private static func activity(_ daemon: QuakesdProcess) async throws -> [String: Any] {
    let status = try await daemon.query().call(#"{"method":"quakes.status"}"#)
    return (status.result?["alerts"] as? [String: Any])?["activity"] as? [String: Any] ?? [:]
  }

  /// Waits until `count` deliveries are delivered, or 60 s passed.
  private static func waitForDelivered(_ count: Int, _ daemon: QuakesdProcess) async throws -> [String: Any] {
    let deadline = ContinuousClock.now + .seconds(60)
    var activity = try await Self.activity(daemon)
    while activity["delivered"] as? Int ?? 0 < count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      activity = try await Self.activity(daemon)
    }
    return activity
  }

  /// How many descriptors the real quakesd has open.
  private static func openDescriptors(of daemon: QuakesdProcess) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.child.processIdentifier)/fd").count
  }

  /// A program shaped like docs/alerts.md's ntfy example: it reads only its
  /// environment, never its standard input; it appends the key to `log`.
  private static func environmentOnlyProgram(in directory: TemporaryDirectory, log: String, then: String = "")
    throws -> String
  {
    let path = directory.file("notify-\(then.isEmpty ? "plain" : "then").sh")
    try writeExecutableScript("#!/bin/sh\necho \"$QUAKESD_KEY\" >> \(log)\n\(then)\nexit 0\n", to: path)
    return path
  }

  @Test(
    "16 fresh quakes, programs that never read their input or exit at once: quakesd stays up, each runs once a firing")
  func programsIgnoringTheirInput() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let log = directory.file("keys.log")
    let program = try Self.environmentOnlyProgram(in: directory, log: log)
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_hour", body: Self.quakes(Array(repeating: "3.1", count: 16)))
      try await Self.withAlertingQuakesd(
        in: directory, standIn: standIn,
        alerts: """
            instant: {min-magnitude: 3, exec: /bin/true}
            ntfy: {min-magnitude: 3, exec: \(program)}
          """
      ) { daemon in
        let activity = try await Self.waitForDelivered(32, daemon)
        #expect(activity["fired"] as? Int == 32 && activity["delivered"] as? Int == 32, "\(activity)")
        #expect(activity["pending"] as? Int == 0 && activity["failed"] as? Int == 0, "\(activity)")
        #expect(daemon.child.isRunning, "quakesd is still up")
        let keys = Self.lines(log)
        #expect(keys.count == 16 && Set(keys).count == 16, "each firing ran the program once: \(keys)")

        // 16 more: quakesd holds as many descriptors after them as before.
        let before = try Self.openDescriptors(of: daemon)
        standIn.setFeed("all_hour", body: Self.quakes(Array(repeating: "3.1", count: 32)))
        let refreshed = try await Self.quakectl(["refresh", "--feed", "all_hour", "--wait"], daemon)
        #expect(refreshed.status == 0, "\(refreshed.errors)")
        #expect(try await Self.waitForDelivered(64, daemon)["delivered"] as? Int == 64)
        var after = try Self.openDescriptors(of: daemon)
        let deadline = ContinuousClock.now + .seconds(30)
        while after > before, ContinuousClock.now < deadline {
          // The server closes the status queries' connections as they end.
          try await Task.sleep(for: .milliseconds(50))
          after = try Self.openDescriptors(of: daemon)
        }
        #expect(after <= before, "descriptors of quakesd before and after 32 runs")
        #expect(Set(Self.lines(log)).count == 32 && Self.lines(log).count == 32)
      }
    }
  }

  @Test(
    "a program that writes 4 MB to standard error and exits 0, a webhook that answers 200 with 100 MB: one delivery each"
  )
  func deliveredDespiteWhatFollows() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let log = directory.file("keys.log")
    let program = try Self.environmentOnlyProgram(
      in: directory, log: log, then: "head -c 4000000 /dev/zero | tr '\\0' e >&2")
    try await withWebhookReceiver(answering: .brokenBody(status: 200, .large(bytes: 100 << 20, announced: false))) {
      receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_hour", body: Self.oneBigQuake())
        try await Self.withAlertingQuakesd(
          in: directory, standIn: standIn,
          alerts: """
              chatty: {min-magnitude: 6, exec: \(program)}
              bulky: {min-magnitude: 6, webhook: "\(receiver.url())"}
            """,
          settings: "alert-attempts: 3\nalert-retry-delay: 0.05s"
        ) { daemon in
          let chatty = try await Self.waitForDelivery("chatty", state: "delivered", daemon)
          #expect(Self.details(chatty) == ["exit status 0"])
          let bulky = try await Self.waitForDelivery("bulky", state: "delivered", daemon)
          let details = Self.details(bulky)
          #expect(
            details.count == 1 && details.first?.hasPrefix("HTTP 200; the rest of the answer") == true, "\(details)")
          #expect(receiver.received.count == 1)
          #expect(Self.lines(log).count == 1)
          try await daemon.child.waitForLine { $0.contains("more dropped)") }
        }
      }
    }
  }

  @Test("kill -9 during an attempt, three times: each restart waits the retry delay, then the delivery is given up")
  func crashLoopIsImpossible() async throws {
    try await Self.withHeldBigQuake(settings: "alert-retry-delay: 0.3s") { receiver, runQuakesd in
      for crash in 1...3 {
        try await runQuakesd { daemon in
          #expect(try await receiver.waitForRequests(crash).count == crash)
          #expect(
            try await daemon.metric("quakesd_alert_repeats_total") == (crash == 1 ? 0 : 1),
            "an attempt after one quakesd was killed during is counted as a possible repeat")
          await daemon.stop()
          let recorded = try await SQLiteShell.run(
            daemon.databasePath,
            """
            SELECT d.state || ' ' || d.attempts || ' ' || (d.next_attempt - a.started >= 300 * (1 << (d.attempts - 1)))
            || ' ' || a.outcome FROM alert_deliveries d JOIN alert_attempts a USING (firing, channel)
            WHERE a.number = d.attempts
            """)
          #expect(recorded == "pending \(crash) 1 interrupted", "due again only after the retry delay")
        }
      }
      try await runQuakesd { daemon in
        let failed = try await Self.waitForDelivery("big", state: "failed", daemon)
        #expect(Self.details(failed).count == 3 && Self.details(failed).allSatisfy { $0.hasPrefix("did not end") })
        try await daemon.child.waitForLine { $0.contains("quakesd stopped during 3 attempts at this delivery") }
        #expect(receiver.received.count == 3, "not a fourth time")
        #expect(daemon.child.isRunning)
      }
    }
  }

  @Test("a graceful stop during an attempt leaves the delivery as it was, due at the restart")
  func gracefulStopDuringAnAttempt() async throws {
    try await Self.withHeldBigQuake(settings: "") { receiver, runQuakesd in
      try await runQuakesd { daemon in
        _ = try await receiver.waitForRequests(1)
        daemon.child.send(signal: SIGTERM)
        #expect(await daemon.child.waitForExit() == 0)
        let pending = try await SQLiteShell.run(
          daemon.databasePath,
          "SELECT state || ' ' || attempts || ' ' || (SELECT count(*) FROM alert_attempts) FROM alert_deliveries")
        #expect(pending == "pending 0 0")
      }
    }
  }

  @Test("a program that exits 0 while quakesd stops gracefully is recorded delivered, not sent again")
  func deliveredDuringAGracefulStop() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let log = directory.file("keys.log")
    // It ignores the SIGTERM quakesd sends it as it stops, and ends well within the 2 s before SIGKILL.
    let program = try Self.environmentOnlyProgram(in: directory, log: log, then: "trap '' TERM; sleep 0.5")
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_hour", body: Self.oneBigQuake())
      try await Self.withAlertingQuakesd(
        in: directory, standIn: standIn, alerts: "  big: {min-magnitude: 6, exec: \(program)}"
      ) { daemon in
        _ = try await Self.waitForLines(1, in: log)
        daemon.child.send(signal: SIGTERM)
        #expect(await daemon.child.waitForExit() == 0)
        let recorded = try await SQLiteShell.run(
          daemon.databasePath, "SELECT state || ' ' || attempts FROM alert_deliveries")
        #expect(recorded == "delivered 1")
      }
    }
  }

  @Test(
    "quakesd started with SIGCHLD ignored (a parent's SIG_IGN survives exec) still reads its programs' exit statuses")
  func childSignalIgnoredByTheParent() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let log = directory.file("keys.log")
    let program = try Self.environmentOnlyProgram(in: directory, log: log)
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_hour", body: Self.oneBigQuake())
      try await Self.withAlertingQuakesd(
        in: directory, standIn: standIn, alerts: "  big: {min-magnitude: 6, exec: \(program)}",
        settings: "alert-attempts: 2\nalert-retry-delay: 0.05s",
        launcher: [
          "/usr/bin/python3", "-c",
          "import os, signal, sys; signal.signal(signal.SIGCHLD, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])",
        ]
      ) { daemon in
        let status = try String(contentsOfFile: "/proc/\(daemon.child.processIdentifier)/status", encoding: .utf8)
        let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }?.split(separator: "\t").last
        #expect(ignored.flatMap { UInt64($0, radix: 16) }.map { $0 & (1 << (SIGCHLD - 1)) } == 0, "reset at start")
        let delivered = try await Self.waitForDelivery("big", state: "delivered", daemon)
        #expect(Self.details(delivered) == ["exit status 0"])
        #expect(Self.lines(log).count == 1)
      }
    }
  }
}
