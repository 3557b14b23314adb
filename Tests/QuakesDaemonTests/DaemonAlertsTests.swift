import Foundation
import QuakesModel
import QuakesTestSupport
import Testing
import USGSStandIn

/// Alerts in the real quakesd: a webhook receiver and a program record what
/// arrives while the stand-in serves successive real feeds. Exactly the
/// quakes that enter a rule arrive, once each, and nothing else fires: not a
/// `304`, not a failed fetch, not a restart. A crash before delivery loses
/// nothing; a receiver that fails is retried; one that hangs slows nothing.
@Suite("quakesd alerts: once per quake, nothing lost, nothing repeated", .timeLimit(.minutes(3)))
struct DaemonAlertsTests {
  private static let pair = (
    first: "4.5_month-2014-03-21T1521Z-utero.geojson", second: "4.5_month-2014-04-01T0413Z-utero.geojson"
  )

  /// The ids and magnitudes of a fixture, read here with JSONSerialization,
  /// independently of quakesd's decoder.
  private static func magnitudes(_ fixture: String) throws -> [String: Double] {
    let feed = try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes(fixture))) as? [String: Any]
    var magnitudes: [String: Double] = [:]
    for case let feature as [String: Any] in feed?["features"] as? [Any] ?? [] {
      if let id = feature["id"] as? String,
        let magnitude = (feature["properties"] as? [String: Any])?["mag"] as? Double
      {
        magnitudes[id] = magnitude
      }
    }
    return magnitudes
  }

  /// A program that appends `EVENT ID MAGNITUDE KEY RULE` and its standard
  /// input's size to `log`, and writes a line to standard error.
  static func recorder(in directory: TemporaryDirectory, log: String) throws -> String {
    let path = directory.file("record.sh")
    try writeExecutableScript(
      """
      #!/bin/sh
      body=$(cat)
      echo "$QUAKESD_EVENT $QUAKE_ID $QUAKE_MAGNITUDE $QUAKESD_KEY $QUAKESD_RULE ${#body}" >> \(log)
      echo "recorded $QUAKE_ID" >&2
      """, to: path)
    return path
  }

  static func lines(_ path: String) -> [String] {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  static func waitForLines(_ count: Int, in path: String) async throws -> [String] {
    let deadline = ContinuousClock.now + .seconds(30)
    while Self.lines(path).count < count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    return Self.lines(path)
  }

  static func quakectl(_ arguments: [String], _ daemon: QuakesdProcess) async throws -> Command {
    try await Command.run(
      try ChildProcess.builtExecutable("quakectl"), arguments + ["--socket", daemon.runtimeDirectory])
  }

  @Test(
    "two real feeds in turn: exactly the quakes that enter the rule arrive, once each, at the webhook and the program; a 304, a failed fetch and a restart fire nothing",
    .enabled(if: Fixtures.isAvailable, Comment(rawValue: Fixtures.absent)))
  func exactlyTheQuakesThatEnter() async throws {
    let first = try Self.magnitudes(Self.pair.first)
    let second = try Self.magnitudes(Self.pair.second)
    let expectedFirst = Set(first.filter { $0.value >= 5 }.keys)
    let expectedSecond = Set(second.filter { $0.value >= 5 && (first[$0.key] ?? 0) < 5 }.keys)
    #expect(!expectedFirst.isEmpty && !expectedSecond.isEmpty, "the pair has quakes that enter the rule in each feed")

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let log = directory.file("exec.log")
    let program = try Self.recorder(in: directory, log: log)
    try "s3cret\n".write(toFile: directory.file("hook.secret"), atomically: true, encoding: .utf8)
    try await withWebhookReceiver { receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("4.5_month", body: try Fixtures.bytes(Self.pair.first))
        let configuration = directory.file("quakesd.conf")
        try """
        feeds: {4.5_month: 1h}
        alerts:
          m5:
            min-magnitude: 5
            max-age: 6000d
            exec: \(program)
            webhook: {url: "\(receiver.url())", secret-file: \(directory.file("hook.secret")), headers: {X-Token: abc}}
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        let arguments = ["--config", configuration, "--feed-base-url", standIn.baseURL]

        try await withQuakesd(in: directory, arguments: arguments) { daemon in
          let hooks = try await receiver.waitForRequests(expectedFirst.count)
          let ran = try await Self.waitForLines(expectedFirst.count, in: log)
          #expect(Set(hooks.compactMap { ($0.json?["quake"] as? [String: Any])?["id"] as? String }) == expectedFirst)
          #expect(Set(ran.map { String($0.split(separator: " ")[1]) }) == expectedFirst)

          // What each channel receives.
          let hook = try #require(hooks.first)
          let event = try #require(hook.json)
          let quakeId = try #require((event["quake"] as? [String: Any])?["id"] as? String)
          #expect(event["event"] as? String == "new" && event["rule"] as? String == "m5")
          #expect(hook.headers["idempotency-key"] == event["key"] as? String)
          #expect(hook.headers["x-quakesd-event"] == "new" && hook.headers["x-token"] == "abc")
          #expect(hook.headers["content-type"] == "application/json")
          let signature = try await Command.run(
            "/usr/bin/python3",
            [
              "-c",
              "import hmac,hashlib,sys; print('sha256='+hmac.new(b's3cret', sys.argv[1].encode(), hashlib.sha256).hexdigest())",
              String(decoding: hook.body, as: UTF8.self),
            ])
          #expect(hook.headers["x-quakesd-signature"] == signature.output.trimmingCharacters(in: .newlines))
          let execLine = try #require(ran.first { $0.contains(" \(quakeId) ") }).split(separator: " ")
          #expect(execLine[0] == "new" && Double(execLine[2]) == first[quakeId])
          #expect(String(execLine[3]) == event["key"] as? String && execLine[4] == "m5")
          #expect(Int(execLine[5]) == hook.body.count, "the program reads the same event on its standard input")
          try await daemon.child.waitForLine { $0.contains("wrote: recorded \(quakeId)") }

          // The second feed: the quakes that entered since.
          standIn.setFeed("4.5_month", body: try Fixtures.bytes(Self.pair.second))
          let refreshed = try await Self.quakectl(["refresh", "--feed", "4.5_month", "--wait"], daemon)
          #expect(refreshed.status == 0, "\(refreshed.errors)")
          let total = expectedFirst.count + expectedSecond.count
          let allHooks = try await receiver.waitForRequests(total)
          let allRan = try await Self.waitForLines(total, in: log)
          let secondIds = allHooks.dropFirst(expectedFirst.count).compactMap {
            ($0.json?["quake"] as? [String: Any])?["id"] as? String
          }
          #expect(Set(secondIds) == expectedSecond)
          #expect(allRan.count == total)

          // A 304, then a failed fetch: nothing more.
          let unchanged = try await Self.quakectl(["refresh", "--feed", "4.5_month", "--wait"], daemon)
          #expect(unchanged.output.contains("notModified"), "\(unchanged.output)")
          standIn.setBehaviour(.status(500), forFeed: "4.5_month")
          _ = try await Self.quakectl(["refresh", "--feed", "4.5_month", "--wait"], daemon)
          standIn.setBehaviour(.serve, forFeed: "4.5_month")
          let listed = try await Self.quakectl(["alerts", "--format", "json"], daemon)
          let rules = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any]
          let activity = ((rules?["rules"] as? [[String: Any]])?.first)?["activity"] as? [String: Any]
          #expect(activity?["fired"] as? Int == total && activity?["delivered"] as? Int == 2 * total)
          #expect(activity?["pending"] as? Int == 0 && activity?["failed"] as? Int == 0)
        }

        // A restart polls again: the cache already holds it all, so nothing fires.
        let requestsBefore = standIn.requests(forFeed: "4.5_month").count
        try await withQuakesd(in: directory, arguments: arguments + ["--log-level", "debug"]) { daemon in
          await standIn.waitForRequests(requestsBefore + 1, forFeed: "4.5_month")
          try await daemon.child.waitForLine { $0.contains("polled 4.5_month") }
          let history = try await Self.quakectl(["alerts", "history", "--format", "json", "--limit", "10000"], daemon)
          let deliveries =
            (try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [String: Any])?[
              "deliveries"] as? [[String: Any]]
          let total = expectedFirst.count + expectedSecond.count
          #expect(deliveries?.count == 2 * total, "one delivery per firing and channel, from before the restart")
          #expect(deliveries?.allSatisfy { $0["state"] as? String == "delivered" } == true)
        }
        #expect(receiver.received.count == expectedFirst.count + expectedSecond.count, "nothing after the restart")
        #expect(Self.lines(log).count == expectedFirst.count + expectedSecond.count)
      }
    }
  }
}

extension DaemonAlertsTests {
  /// A feed of one M6.1 quake a minute old, `big1`.
  static func oneBigQuake() -> String {
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    return SyntheticFeed.body(
      ids: [], generated: now,
      extraFeatures: [SyntheticFeed.feature(id: "big1", time: "\(now - 60_000)", magnitude: "6.1")])
  }

  /// Runs quakesd polling `all_hour` from `standIn` with `alerts` (YAML
  /// lines under `alerts:`) and `settings` (more top-level lines).
  static func withAlertingQuakesd(
    in directory: TemporaryDirectory, standIn: USGSStandIn, alerts: String, settings: String = "",
    launcher: [String] = [], _ body: (QuakesdProcess) async throws -> Void
  ) async throws {
    let configuration = directory.file("quakesd.conf")
    try "feeds: {all_hour: 1h}\n\(settings)\nalerts:\n\(alerts)\n"
      .write(toFile: configuration, atomically: true, encoding: .utf8)
    try await withQuakesd(
      in: directory, arguments: ["--config", configuration, "--feed-base-url", standIn.baseURL], launcher: launcher,
      body)
  }

  /// The deliveries `quakectl alerts history` shows for `rule`.
  static func history(_ rule: String, _ daemon: QuakesdProcess) async throws -> [[String: Any]] {
    let history = try await Self.quakectl(["alerts", "history", "--rule", rule, "--format", "json"], daemon)
    let result = try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [String: Any]
    return result?["deliveries"] as? [[String: Any]] ?? []
  }

  /// Waits until `rule`'s first delivery is in `state`; returns it.
  static func waitForDelivery(
    _ rule: String, state: String, _ daemon: QuakesdProcess
  ) async throws -> [String: Any] {
    let delivery = try await poll(until: .now + .seconds(30), every: .milliseconds(50)) {
      try await Self.history(rule, daemon).first.flatMap { $0["state"] as? String == state ? $0 : nil }
    }
    if let delivery { return delivery }
    throw CocoaError(.coderValueNotFound, userInfo: [NSDebugDescriptionErrorKey: "no \(state) delivery of \(rule)"])
  }

  static func details(_ delivery: [String: Any]) -> [String] {
    (delivery["attempts"] as? [[String: Any]] ?? []).map { $0["detail"] as? String ?? "" }
  }

  @Test(
    "a receiver that answers 500 three times, then 200: four requests with one key, delivered once; a 404 fails at once"
  )
  func retriesUntilDelivered() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withWebhookReceiver(answering: .statuses([500, 500, 500])) { flaky in
      try await withWebhookReceiver(answering: .statuses([404])) { refusing in
        try await withUSGSStandIn { standIn in
          standIn.setFeed("all_hour", body: Self.oneBigQuake())
          try await Self.withAlertingQuakesd(
            in: directory, standIn: standIn,
            alerts: """
                flaky: {min-magnitude: 6, webhook: "\(flaky.url())"}
                refusing: {min-magnitude: 6, webhook: "\(refusing.url())"}
              """,
            settings: "alert-retry-delay: 0.05s"
          ) { daemon in
            let delivered = try await Self.waitForDelivery("flaky", state: "delivered", daemon)
            #expect(
              Self.details(delivered) == [
                "HTTP 500: answer 500", "HTTP 500: answer 500", "HTTP 500: answer 500", "HTTP 200: answer 200",
              ])
            let requests = flaky.received
            #expect(requests.count == 4)
            #expect(Set(requests.map { $0.headers["idempotency-key"] ?? "" }).count == 1, "every attempt, one key")
            #expect(requests.first?.headers["idempotency-key"] == delivered["key"] as? String)

            let failed = try await Self.waitForDelivery("refusing", state: "failed", daemon)
            #expect(Self.details(failed) == ["HTTP 404: answer 404"], "a 4xx is not retried")
            try await daemon.child.waitForLine { $0.contains("failed for good after 1 attempt:") }
            #expect(refusing.received.count == 1)

            let status = try await daemon.query().call(#"{"method":"quakes.status"}"#)
            let activity = (status.result?["alerts"] as? [String: Any])?["activity"] as? [String: Any]
            #expect(activity?["fired"] as? Int == 2 && activity?["delivered"] as? Int == 1)
            #expect(activity?["failed"] as? Int == 1 && activity?["pending"] as? Int == 0)
          }
        }
      }
    }
  }

  /// Runs quakesd, as often as `body` calls its second argument, on one
  /// state, polling a stand-in that serves one M6.1 which the rule `big`
  /// sends to `receiver` (timeout 1 h); the receiver holds every request.
  static func withHeldBigQuake(
    settings: String,
    _ body: (_ receiver: WebhookReceiver, _ runQuakesd: ((QuakesdProcess) async throws -> Void) async throws -> Void)
      async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withWebhookReceiver(answering: .never) { receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_hour", body: Self.oneBigQuake())
        let alerts = "  big: {min-magnitude: 6, webhook: {url: \"\(receiver.url())\", timeout: 1h}}"
        try await body(receiver) { run in
          try await Self.withAlertingQuakesd(in: directory, standIn: standIn, alerts: alerts, settings: settings, run)
        }
      }
    }
  }

  @Test("kill -9 after the write, while the receiver holds the request: the restarted quakesd delivers it, same key")
  func crashBeforeDeliveryLosesNothing() async throws {
    try await Self.withHeldBigQuake(settings: "alert-retry-delay: 0.05s") { receiver, runQuakesd in
      try await runQuakesd { daemon in
        let held = try await receiver.waitForRequests(1)
        #expect(held.count == 1)
        await daemon.stop()
        let pending = try await SQLiteShell.run(
          daemon.databasePath, "SELECT state || ' ' || attempts FROM alert_deliveries")
        #expect(pending == "pending 1", "the firing was written; its attempt began and did not end")
      }
      receiver.answer(.statuses([]))
      try await runQuakesd { daemon in
        let delivered = try await Self.waitForDelivery("big", state: "delivered", daemon)
        let requests = receiver.received
        #expect(requests.count == 2, "sent again after the restart: at least once")
        #expect(
          requests.map { $0.headers["idempotency-key"] } == [
            delivered["key"] as? String, delivered["key"] as? String,
          ])
        let details = Self.details(delivered)
        #expect(details.count == 2 && details.first?.hasPrefix("did not end: quakesd stopped during it") == true)
        #expect(details.last == "HTTP 200: answer 200")
      }
    }
  }

  @Test("a receiver that never answers holds up neither a list, nor a refresh, nor the other channels")
  func hangingReceiverSlowsNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let log = directory.file("exec.log")
    let program = try Self.recorder(in: directory, log: log)
    try await withWebhookReceiver(answering: .never) { receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_hour", body: Self.oneBigQuake())
        let alerts = """
            big: {min-magnitude: 6, webhook: {url: "\(receiver.url())", timeout: 1h}, exec: \(program)}
          """
        try await Self.withAlertingQuakesd(in: directory, standIn: standIn, alerts: alerts) { daemon in
          _ = try await receiver.waitForRequests(1)
          #expect(try await Self.waitForLines(1, in: log).count == 1, "the program ran beside the hanging webhook")
          let listed = try await Self.quakectl(["list", "--format", "ndjson"], daemon)
          #expect(listed.status == 0 && listed.output.contains("\"big1\""), "\(listed.errors)")
          let refreshed = try await Self.quakectl(["refresh", "--feed", "all_hour", "--wait"], daemon)
          #expect(refreshed.status == 0, "\(refreshed.errors)")
          let webhook = try await Self.history("big", daemon).first {
            ($0["channel"] as? String)?.hasPrefix("webhook") == true
          }
          #expect(webhook?["state"] as? String == "pending", "still waiting for the receiver")
          #expect(receiver.received.count == 1)
        }
      }
    }
  }

  @Test("a program that fails is retried up to alert-attempts, one that hangs is stopped at its timeout; both logged")
  func failingPrograms() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let failing = directory.file("fail.sh")
    try writeExecutableScript("#!/bin/sh\ncat > /dev/null\necho boom >&2\nexit 3\n", to: failing)
    let hanging = directory.file("hang.sh")
    try writeExecutableScript("#!/bin/sh\nexec sleep 600\n", to: hanging)
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_hour", body: Self.oneBigQuake())
      try await Self.withAlertingQuakesd(
        in: directory, standIn: standIn,
        alerts: """
            failing: {min-magnitude: 6, exec: \(failing)}
            hanging: {min-magnitude: 6, exec: {command: [\(hanging)], timeout: 0.2s}}
          """,
        settings: "alert-attempts: 2\nalert-retry-delay: 0.05s"
      ) { daemon in
        let failed = try await Self.waitForDelivery("failing", state: "failed", daemon)
        #expect(Self.details(failed) == ["exit status 3: boom", "exit status 3: boom"])
        try await daemon.child.waitForLine { $0.contains("wrote: boom") }
        let stopped = try await Self.waitForDelivery("hanging", state: "failed", daemon)
        #expect(Self.details(stopped) == Array(repeating: "did not finish within 0.2s; stopped", count: 2))
      }
    }
  }

  @Test(
    "rules that cannot work are refused with their name and the reason, exit 78",
    arguments: [
      ("bad name: {exec: /bin/true}", "has a name other than letters"),
      ("r: {exec: true}", "exec takes an absolute path"),
      ("r: {webhook: \"ftp://example.org/x\"}", "is not an http or https URL"),
      ("r: {webhook: {url: \"https://example.org/x\", secret-file: /nonexistent/secret}}", "cannot read"),
      ("r: {on: [new, sometimes], exec: /bin/true}", "fires on \"sometimes\""),
      ("r: {near: {latitude: 1, longitude: 2}, exec: /bin/true}", "near without radius-km"),
      ("r: {min-magnitud: 5, exec: /bin/true}", "\"min-magnitud\", which is neither a rule field"),
      ("r: {min-magnitude: big, exec: /bin/true}", "min-magnitude must be a number"),
      ("r: {max-age: 10, exec: /bin/true}", "not a time with its unit"),
      ("r: {magnitude-step: 0, exec: /bin/true}", "magnitude-step"),
      (
        "r: {exec: [/bin/true, /bin/true], webhook: [\"http://a.example/\", \"http://a.example/\"]}",
        "names the channel"
      ),
    ])
  func refusedRules(rule: String, message: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let configuration = directory.file("quakesd.conf")
    try "alerts:\n  \(rule)\n".write(toFile: configuration, atomically: true, encoding: .utf8)
    let checked = try await QuakesdProcess.run(["--check-config", "--config", configuration])
    #expect(checked.status == 78, "\(checked.output)")
    let output = checked.output.joined(separator: "\n")
    #expect(output.contains(message) && output.contains("alert rule"), "\(output)")
  }
}

extension DaemonAlertsTests {
  /// A feed of `magnitudes.count` quakes a minute apart, `q0` the newest.
  static func quakes(_ magnitudes: [String]) -> String {
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let features = magnitudes.enumerated().map { index, magnitude in
      SyntheticFeed.feature(id: "q\(index)", time: "\(now - Int64(index + 1) * 60_000)", magnitude: magnitude)
    }
    return SyntheticFeed.body(ids: [], generated: now, extraFeatures: features)
  }

  @Test("limit: 2 a period: five firings send two, hold three back, then one digest lists the three")
  func limitThenDigest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withWebhookReceiver { receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_hour", body: Self.quakes(["6.1", "6.2", "6.3", "6.4", "6.5"]))
        try await Self.withAlertingQuakesd(
          in: directory, standIn: standIn,
          alerts: "  big: {min-magnitude: 6, limit: {count: 2, per: 2s}, webhook: \"\(receiver.url())\"}"
        ) { daemon in
          let received = try await receiver.waitForRequests(3)
          #expect(received.count == 3)
          let events = received.compactMap(\.json)
          #expect(events.prefix(2).map { $0["event"] as? String } == ["new", "new"])
          let digest = try #require(events.last)
          #expect(digest["event"] as? String == "digest" && digest["rule"] as? String == "big")
          let held = (digest["held"] as? [[String: Any]]) ?? []
          #expect(held.count == 3 && held.allSatisfy { $0["event"] as? String == "new" })
          let sent = Set(events.prefix(2).compactMap { ($0["quake"] as? [String: Any])?["id"] as? String })
          let listed = Set(held.compactMap { ($0["quake"] as? [String: Any])?["id"] as? String })
          #expect(sent.union(listed) == ["q0", "q1", "q2", "q3", "q4"] && sent.isDisjoint(with: listed))
          let status = try await daemon.query().call(#"{"method":"quakes.status"}"#)
          let activity = (status.result?["alerts"] as? [String: Any])?["activity"] as? [String: Any]
          #expect(activity?["fired"] as? Int == 6 && activity?["heldBack"] as? Int == 3, "\(status)")
        }
      }
    }
  }

  @Test("quiet hours: only what matches unless: goes out; the rest waits, held, for the hours' end")
  func quietHours() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let clock = { (date: Date) in
      let parts = calendar.dateComponents([.hour, .minute], from: date)
      return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
    let (from, to) = (clock(Date().addingTimeInterval(-3600)), clock(Date().addingTimeInterval(3600)))
    try await withWebhookReceiver { receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_hour", body: Self.quakes(["7.2", "6.1"]))
        try await Self.withAlertingQuakesd(
          in: directory, standIn: standIn,
          alerts: """
              big:
                min-magnitude: 6
                quiet: {from: "\(from)", to: "\(to)", time-zone: UTC, unless: {min-magnitude: 7}}
                webhook: "\(receiver.url())"
            """
        ) { daemon in
          let held = try await Self.waitForDelivery("big", state: "held", daemon)
          #expect(held["quakeId"] as? String == "q1")
          let until = try #require((held["nextAttempt"] as? String).flatMap { Timestamp.parseISO8601($0) })
          #expect(clock(until) == to, "held until the quiet hours end")
          let received = try await receiver.waitForRequests(1)
          #expect(received.compactMap { ($0.json?["quake"] as? [String: Any])?["id"] as? String } == ["q0"])
        }
      }
    }
  }
}

extension DaemonAlertsTests {
  @Test("a reload that adds a rule: the next batch fires it, and what was cached before stays unannounced")
  func reloadAddsRule() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withWebhookReceiver { receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_hour", body: Self.quakes(["6.1"]))
        try await Self.withAlertingQuakesd(in: directory, standIn: standIn, alerts: "  {}") { daemon in
          try await daemon.child.waitForLine { $0.contains("polled all_hour: 1 inserted") }
          try """
          feeds: {all_hour: 1h}
          alerts:
            big: {min-magnitude: 6, webhook: "\(receiver.url())"}
            later: {min-magnitude: 9, exec: /nonexistent/notify}

          """.write(toFile: directory.file("quakesd.conf"), atomically: true, encoding: .utf8)
          let reloaded = try await Self.quakectl(["reload", "--format", "json"], daemon)
          #expect(reloaded.status == 0 && reloaded.output.contains("\"alerts\""), "\(reloaded.output)")
          // A program not installed yet is no error, but a reload says so, as a start does.
          try await daemon.child.waitForLine { $0.contains("runs /nonexistent/notify, which does not exist (yet)") }

          let now = Int64(Date().timeIntervalSince1970 * 1000)
          let features = [
            SyntheticFeed.feature(id: "q0", time: "\(now - 60_000)", magnitude: "6.1"),
            SyntheticFeed.feature(id: "late", time: "\(now - 30_000)", magnitude: "6.3"),
          ]
          standIn.setFeed("all_hour", body: SyntheticFeed.body(ids: [], generated: now, extraFeatures: features))
          let refreshed = try await Self.quakectl(["refresh", "--feed", "all_hour", "--wait"], daemon)
          #expect(refreshed.status == 0, "\(refreshed.errors)")
          let received = try await receiver.waitForRequests(1)
          #expect(received.compactMap { ($0.json?["quake"] as? [String: Any])?["id"] as? String } == ["late"])
        }
      }
    }
  }
}

extension DaemonAlertsTests {
  @Test(
    "quakectl alerts, alerts test and alerts test --send: what a rule matches, one real test event, and every refusal with its status"
  )
  func seeingAndTestingAlerts() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withWebhookReceiver { receiver in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_hour", body: Self.quakes(["6.4", "6.2", "3.1"]))
        try await Self.withAlertingQuakesd(
          in: directory, standIn: standIn,
          alerts: """
              big: {min-magnitude: 6, max-age: 1s, webhook: "\(receiver.url("/secret-path"))"}
              silent: {min-magnitude: 3}
            """
        ) { daemon in
          try await daemon.child.waitForLine { $0.contains("polled all_hour: 3 inserted") }
          // big's max-age is 1s and the quakes are minutes old: only silent (1h) fired, for all three.
          let table = try await Self.quakectl(["alerts", "--format", "table"], daemon)
          #expect(table.status == 0 && table.output.contains("big") && table.output.contains("silent"))
          #expect(!table.output.contains("secret-path"), "a webhook shows its origin only: \(table.output)")
          let status = try await Self.quakectl(["status", "--format", "table"], daemon)
          #expect(status.output.contains("alerts: 2 rules; fired 3"), "\(status.output)")
          // silent has no channel: the history shows the three firings status counts.
          let recorded = try await Self.history("silent", daemon)
          #expect(recorded.compactMap { $0["quakeId"] as? String }.sorted() == ["q0", "q1", "q2"], "\(recorded)")
          #expect(recorded.allSatisfy { $0["channel"] == nil && $0["state"] == nil }, "\(recorded)")
          #expect(recorded.allSatisfy { ($0["attempts"] as? [Any])?.isEmpty == true }, "\(recorded)")
          let recordedTable = try await Self.quakectl(
            ["alerts", "history", "--rule", "silent", "--format", "table"], daemon)
          let recordedLines = recordedTable.output.split(separator: "\n").dropFirst()
          #expect(
            recordedLines.count == 3 && recordedLines.allSatisfy { $0.contains("recorded, no channel") },
            "\(recordedTable.output)")

          let matched = try await Self.quakectl(["alerts", "test", "big", "--format", "ndjson"], daemon)
          let ids = matched.output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
          }
          #expect(ids == ["q0", "q1"], "the cached quakes the rule matches, newest first: \(matched.output)")
          #expect(receiver.received.isEmpty, "a test without --send sends nothing")

          let sent = try await Self.quakectl(["alerts", "test", "big", "--send", "q1", "--format", "table"], daemon)
          #expect(sent.status == 0 && sent.output.contains("delivered to webhook:"), "\(sent.output)\(sent.errors)")
          let event = try #require(try await receiver.waitForRequests(1).first?.json)
          #expect(event["event"] as? String == "test" && (event["quake"] as? [String: Any])?["id"] as? String == "q1")
          let history = try await Self.history("big", daemon)
          #expect(
            history.map { $0["event"] as? String } == ["test"] && history.first?["state"] as? String == "delivered")

          receiver.answer(.statuses([404]))
          let refused = try await Self.quakectl(["alerts", "test", "big", "--send", "q1"], daemon)
          #expect(refused.status == 1, "a channel that does not take the event: exit 1; \(refused.output)")

          let refusals: [([String], Int32, String)] = [
            (["alerts", "test", "nope"], 10, "no alert rule nope; rules: big, silent"),
            (["alerts", "test", "big", "--send", "nothere"], 10, "no quake with id nothere"),
            (["alerts", "test", "silent", "--send", "q2"], 2, "has no channel"),
            (["alerts", "history", "--limit", "0"], 2, "--limit must be from 1"),
          ]
          for (arguments, expected, message) in refusals {
            let run = try await Self.quakectl(arguments, daemon)
            #expect(run.status == expected && run.errors.contains(message), "\(arguments): \(run.status) \(run.errors)")
          }
          let viaQuery = try await Command.run(
            try ChildProcess.builtExecutable("quakectl"),
            ["alerts", "test", "big", "--send", "q1", "--socket", daemon.querySocket])
          #expect(viaQuery.status == 4 && viaQuery.errors.contains("control.sock"), "\(viaQuery.errors)")
          let since = try await Self.quakectl(
            ["alerts", "history", "--since", "2100-01-01", "--format", "json"], daemon)
          #expect(since.output.contains("\"deliveries\":[]"), "\(since.output)")
        }
      }
    }
  }
}
