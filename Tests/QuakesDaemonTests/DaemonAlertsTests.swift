import Foundation
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
  private static func recorder(in directory: TemporaryDirectory, log: String) throws -> String {
    let path = directory.file("record.sh")
    try """
    #!/bin/sh
    body=$(cat)
    echo "$QUAKESD_EVENT $QUAKE_ID $QUAKE_MAGNITUDE $QUAKESD_KEY $QUAKESD_RULE ${#body}" >> \(log)
    echo "recorded $QUAKE_ID" >&2
    """.write(toFile: path, atomically: true, encoding: .utf8)
    guard chmod(path, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission) }
    return path
  }

  private static func lines(_ path: String) -> [String] {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  private static func waitForLines(_ count: Int, in path: String) async throws -> [String] {
    let deadline = ContinuousClock.now + .seconds(30)
    while Self.lines(path).count < count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    return Self.lines(path)
  }

  private static func quakectl(_ arguments: [String], _ daemon: QuakesdProcess) async throws -> Command {
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
