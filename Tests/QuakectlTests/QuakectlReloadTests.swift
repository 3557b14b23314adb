import Foundation
import QuakesClient
import QuakesTestSupport
import Testing
import USGSStandIn

/// Reloading the configuration of a running quakesd: SIGHUP and
/// `quakectl reload`, with the real binaries and a configuration file.
@Suite("quakesd reload: SIGHUP and quakectl reload", .timeLimit(.minutes(2)))
struct QuakectlReloadTests {
  /// Runs `body` with quakesd reading `configuration` from a file it may be
  /// asked to read again, and the stand-in serving all_day and all_hour.
  private static func withConfiguredQuakesd(
    _ configuration: String, _ body: (QuakesdProcess, ConfigurationFile) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(3)))
      standIn.setFeed("all_hour", body: SyntheticFeed.body(ids: SyntheticFeed.ids(1)))
      let file = ConfigurationFile(path: directory.file("quakesd.conf"), baseURL: standIn.baseURL)
      try file.write(configuration)
      try await withQuakesd(in: directory, arguments: ["--config", file.path]) { daemon in
        try await body(daemon, file)
      }
    }
  }

  /// A configuration file whose every version names the stand-in.
  private struct ConfigurationFile {
    let path: String
    let baseURL: String

    /// Writes `text` after a `feed-base-url` line: the stand-in's, unless `baseURL` says another.
    func write(_ text: String, baseURL: String? = nil) throws {
      try ("feed-base-url: \(baseURL ?? self.baseURL)\n" + text)
        .write(toFile: self.path, atomically: true, encoding: .utf8)
    }
  }

  /// The `feeds` entries of `quakectl status --format json`, by name.
  private static func feeds(of daemon: QuakesdProcess) async throws -> [String: [String: Any]] {
    let status = try await quakectl(["status", "--format", "json"], daemon: daemon)
    let feeds = (status.json as? [String: Any])?["feeds"] as? [[String: Any]] ?? []
    return Dictionary(feeds.compactMap { feed in (feed["feed"] as? String).map { ($0, feed) } }) { first, _ in first }
  }

  /// Seconds from now until `feed`'s next poll; `nil` while none is set.
  private static func secondsToNextPoll(_ feed: [String: Any]?) -> Double? {
    guard let text = feed?["nextPoll"] as? String, let date = try? Date(text, strategy: .iso8601) else { return nil }
    return date.timeIntervalSinceNow
  }

  /// Asks `daemon` for its feeds until `condition` holds; fails after 30 s.
  private static func waitForFeeds(
    of daemon: QuakesdProcess, _ what: String, until condition: ([String: [String: Any]]) -> Bool
  ) async throws -> [String: [String: Any]] {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      let feeds = try await Self.feeds(of: daemon)
      if condition(feeds) { return feeds }
      guard ContinuousClock.now < deadline else {
        Issue.record("\(what) never happened: \(feeds)")
        return feeds
      }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  @Test(
    "SIGHUP applies a new interval to the next poll, polls a new feed at once, stops a removed one, and sets the log level"
  )
  func hangupAppliesChanges() async throws {
    try await Self.withConfiguredQuakesd("feeds:\n  all_day: 1h\n") { daemon, file in
      let before = try await Self.waitForFeeds(of: daemon, "the first poll") {
        Self.secondsToNextPoll($0["all_day"]) != nil
      }
      #expect(before["all_day"]?["intervalSeconds"] as? Int == 3_600)
      #expect((Self.secondsToNextPoll(before["all_day"]) ?? 0) > 3_000, "\(before)")
      #expect(before["all_hour"] == nil)

      try file.write("feeds:\n  all_day: 2m\n  all_hour: 1h\nlog-level: debug\n")
      daemon.child.send(signal: SIGHUP)
      let after = try await Self.waitForFeeds(of: daemon, "the reload") {
        $0["all_day"]?["intervalSeconds"] as? Int == 120 && $0["all_hour"]?["lastSuccess"] != nil
      }
      let nextPoll = try #require(Self.secondsToNextPoll(after["all_day"]))
      #expect(nextPoll > 0 && nextPoll <= 132, "2m after the last poll, ±10 %: \(nextPoll) s")
      #expect(daemon.child.isRunning, "SIGHUP does not stop quakesd")
      try await daemon.child.waitForLine { $0.contains("reloaded the configuration from \(file.path) (SIGHUP)") }
      try await daemon.child.waitForLine { $0.contains(" debug quakesd: next poll") }

      try file.write("feeds:\n  all_hour: 1h\n")
      daemon.child.send(signal: SIGHUP)
      let removed = try await Self.waitForFeeds(of: daemon, "all_day leaving the schedule") {
        $0["all_day"]?["intervalSeconds"] == nil
      }
      #expect(removed["all_day"]?["nextPoll"] == nil, "\(removed)")
      #expect(removed["all_hour"]?["intervalSeconds"] as? Int == 3_600)
      try await daemon.child.waitForLine { $0.contains("no longer polling all_day") }
    }
  }

  @Test("a bad file changes nothing: quakectl reload exits 1 naming the file and the key; quakesd polls on as before")
  func badFileKeepsTheOldConfiguration() async throws {
    try await Self.withConfiguredQuakesd("feeds:\n  all_day: 1h\n") { daemon, file in
      _ = try await Self.waitForFeeds(of: daemon, "the first poll") { Self.secondsToNextPoll($0["all_day"]) != nil }

      try file.write("feeds:\n  all_day: 10s\n")
      let refused = try await quakectl(["reload"], daemon: daemon)
      #expect(refused.status == 1, "\(refused.output)\(refused.errors)")
      #expect(refused.errors.contains(file.path) && refused.errors.contains("feeds"), "\(refused.errors)")
      #expect(refused.errors.contains("runs on with the configuration it had"), "\(refused.errors)")
      #expect(refused.errors.contains("quakes.InvalidConfiguration"), "\(refused.errors)")

      try file.write("feeds: [all_day\n")
      daemon.child.send(signal: SIGHUP)
      try await daemon.child.waitForLine {
        $0.contains("reloading the configuration (SIGHUP) failed; running on as before")
      }
      let feeds = try await Self.feeds(of: daemon)
      #expect(feeds["all_day"]?["intervalSeconds"] as? Int == 3_600, "\(feeds)")
      #expect((Self.secondsToNextPoll(feeds["all_day"]) ?? 0) > 3_000, "\(feeds)")
      #expect(daemon.child.isRunning)
    }
  }

  @Test("quakectl reload says what changed, and names what needs a restart without applying it")
  func reportsRestartOnlyKeys() async throws {
    try await Self.withConfiguredQuakesd("feeds:\n  all_day: 1h\n") { daemon, file in
      let unchanged = try await quakectl(["reload", "--format", "table"], daemon: daemon)
      #expect(unchanged.status == 0)
      #expect(unchanged.output == "reloaded from \(file.path): nothing changed\n", "\(unchanged.output)")

      // The flags withQuakesd passes set state-dir and runtime-dir, and
      // flags outrank the file: the key only the file sets is feed-base-url.
      try file.write("feeds:\n  all_day: 2h\n", baseURL: "http://127.0.0.1:9/elsewhere/")
      let changed = try await quakectl(["reload", "--format", "json"], daemon: daemon)
      #expect(changed.status == 0, "\(changed.errors)")
      let result = try #require(changed.json as? [String: Any])
      #expect(result["applied"] as? [String] == ["feeds"])
      #expect(result["restartNeeded"] as? [String] == ["feed-base-url"])
      #expect(result["configFile"] as? String == file.path)
      try await daemon.child.waitForLine {
        $0.contains("changes feed-base-url, which only a restart applies; running on with the old values")
      }

      let table = try await quakectl(["reload", "--format", "table"], daemon: daemon)
      #expect(table.output.contains("not applied until quakesd restarts: feed-base-url"), "\(table.output)")
      let refresh = try await quakectl(["refresh", "--wait", "--format", "json"], daemon: daemon)
      #expect(refresh.status == 0, "the feeds still come from the stand-in: \(refresh.output)\(refresh.errors)")
    }
  }

  @Test("every restart-only key the file sets, changed: the first reload names them all, and so does the second")
  func restartOnlyKeysNamedAgain() async throws {
    try await Self.withConfiguredQuakesd("feeds:\n  all_day: 1h\n") { daemon, file in
      try file.write(
        "feeds:\n  all_day: 1h\nmetrics-listen: 127.0.0.1:9\nfdsn-base-url: http://127.0.0.1:9/fdsn/\n",
        baseURL: "http://127.0.0.1:9/elsewhere/")
      for reload in ["first", "second"] {
        let reloaded = try await quakectl(["reload", "--format", "json"], daemon: daemon)
        #expect(reloaded.status == 0, "\(reload): \(reloaded.errors)")
        let result = try #require(reloaded.json as? [String: Any])
        #expect(
          result["restartNeeded"] as? [String] == ["feed-base-url", "metrics-listen", "fdsn-base-url"],
          "the \(reload) reload: \(reloaded.output)")
        #expect(result["applied"] as? [String] == [], "the \(reload) reload: \(reloaded.output)")
      }
    }
  }

  @Test("a new idle timeout applies to the clients that connect after the reload")
  func idleTimeoutForNewClients() async throws {
    try await Self.withConfiguredQuakesd("feeds:\n  all_day: 1h\n") { daemon, file in
      let before = try LineConnection(path: daemon.querySocket)
      try file.write("feeds:\n  all_day: 1h\nidle-timeout: 1s\n")
      let reloaded = try await quakectl(["reload", "--format", "json"], daemon: daemon)
      #expect((reloaded.json as? [String: Any])?["applied"] as? [String] == ["idle-timeout"], "\(reloaded.output)")
      let after = try LineConnection(path: daemon.querySocket)
      #expect(await after.isClosedByServer(), "a silent client is closed after 1 s")
      #expect(
        !(await before.isClosed(before: .now + .seconds(2))),
        "a client connected before keeps the 5 minutes it was given"
      )
    }
  }

  @Test("the unit's ExecReload= reloads a running quakesd, and fails (so systemctl reload fails) on a bad file")
  func unitExecReload() async throws {
    let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("systemd/quakesd.service")
    let line = try #require(
      try String(contentsOf: unit, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("ExecReload=") })
    let words = line.dropFirst("ExecReload=".count).split(separator: " ").map(String.init)
    #expect(words.first == "/usr/bin/quakectl")
    try await Self.withConfiguredQuakesd("feeds:\n  all_day: 1h\n") { daemon, file in
      let execReload = { () async throws -> Command in
        try await Command.run(
          try ChildProcess.builtExecutable("quakectl"), Array(words.dropFirst()),
          environment: ["QUAKESD_SOCKET": daemon.runtimeDirectory])
      }
      try file.write("feeds:\n  all_day: 2h\n")
      let reloaded = try await execReload()
      #expect(reloaded.status == 0 && reloaded.output.contains("feeds changed"), "\(reloaded.output)\(reloaded.errors)")
      try file.write("feeds: nonsense\n")
      let refused = try await execReload()
      #expect(refused.status == 1 && refused.errors.contains(file.path), "\(refused.errors)")
    }
  }

  @Test("reload goes to control.sock only: on query.sock it is refused with exit 4")
  func reloadIsAControlMethod() async throws {
    try await Self.withConfiguredQuakesd("feeds:\n  all_day: 1h\n") { daemon, _ in
      let refused = try await quakectl(["reload", "--socket", daemon.querySocket])
      #expect(refused.status == 4, "\(refused.errors)")
    }
  }
}
