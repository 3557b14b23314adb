import Foundation
import QuakesTestSupport
import Testing

/// What the real `quakesd --check-config` says of an alert rule it refuses
/// or doubts: the reason, short, with the rule's name and the line of the
/// field at fault; a program not installed yet is a warning, not an error.
@Suite("Alert rule messages: short, on the rule's line, with did-you-mean", .timeLimit(.minutes(3)))
struct AlertRuleMessageTests {
  /// `--check-config` of a file holding `text`; its exit status and output.
  private func check(_ text: String) async throws -> (status: Int32, output: [String], path: String) {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("quakesd.conf")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try await QuakesdProcess.run(["--check-config", "--config", path])
    return (result.status, result.output, path)
  }

  /// Rules on several lines, the second with a misspelt filter on line 9.
  private static let misspelt = """
    log-level: info
    alerts:
      big-ones:
        min-magnitude: 6
        webhook: "https://hooks.example.org/quakes"
      near-home:
        near: {latitude: 47.61, longitude: -122.33, radius-km: 300}
        on: [new, upgraded, deleted]
        min-magnitde: 3.5
        exec: /usr/local/bin/quake-notify

    """

  @Test("a misspelt field: its own line, the rule's name, did you mean, and no rule written back")
  func misspeltField() async throws {
    let checked = try await self.check(Self.misspelt)
    #expect(checked.status == 78, "\(checked.output)")
    let error = try #require(checked.output.first { $0.contains("configuration error") })
    #expect(
      error.hasPrefix(
        "quakesd: configuration error: \(checked.path), line 9: alert rule \"near-home\" has \"min-magnitde\", "
          + "which is neither a rule field nor a filter (did you mean \"min-magnitude\"?)"),
      "\(error)")
    #expect(!error.contains("latitude") && !error.contains("allowed:"), "the rule is not reprinted: \(error)")
    #expect(error.count - checked.path.count < 300, "\(error.count) characters: \(error)")
  }

  @Test(
    "a bad value names the line of its field; a rule-wide problem the rule's line",
    arguments: [
      ("    magnitude-step: 0\n", 5, "alert rule \"r\" has magnitude-step \"0\""),
      ("    on: [new, sometimes]\n", 5, "alert rule \"r\" fires on \"sometimes\""),
      ("    exec: relative/notify\n", 5, "alert rule \"r\" runs \"relative/notify\"; exec takes an absolute path"),
      ("    webhook: {url: \"https://a.example/\", secre-file: /x}\n", 5, "(did you mean \"secret-file\"?)"),
      ("    min-magnitude: big\n", 5, "alert rule \"r\" has a filter that cannot be used: min-magnitude must be"),
      (
        "    exec: [/bin/true, /bin/true]\n    webhook: [\"http://a.example/\", \"http://a.example/\"]\n", 3,
        "alert rule \"r\" names the channel"
      ),
    ])
  func lineOfTheField(field: String, line: Int, message: String) async throws {
    let checked = try await self.check("log-level: info\nalerts:\n  r:\n    max-age: 1h\n" + field)
    #expect(checked.status == 78, "\(checked.output)")
    let error = checked.output.joined(separator: "\n")
    #expect(error.contains("\(checked.path), line \(line): "), "\(error)")
    #expect(error.contains(message), "\(error)")
  }

  @Test("a program not installed yet: --check-config warns and exits 0, as docs/alerts.md's example needs")
  func missingProgramWarns() async throws {
    let checked = try await self.check(
      "alerts:\n  near-home:\n    min-magnitude: 3.5\n    exec: /nonexistent/quake-notify\n")
    #expect(checked.status == 0, "\(checked.output)")
    #expect(
      checked.output.contains(
        "quakesd: warning: \(checked.path), line 4: alert rule \"near-home\" runs /nonexistent/quake-notify, "
          + "which does not exist (yet); its deliveries fail until it is"),
      "\(checked.output)")
    #expect(checked.output.contains { $0.hasPrefix("alerts: {near-home: ") }, "the rule is in the report")
  }

  @Test("docs/alerts.md's first example passes --check-config on a machine without its script")
  func documentedExampleChecks() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The webhook's secret is read with the configuration (it signs every
    // request): the example's is given; its script is not.
    let secret = directory.file("hook.secret")
    try "s3cret\n".write(toFile: secret, atomically: true, encoding: .utf8)
    let documentation = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/alerts.md")
    let text = try String(contentsOf: documentation, encoding: .utf8)
    let start = try #require(text.range(of: "```yaml\n# /etc/quakesd/quakesd.conf\n"))
    let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
    let example = String(text[start.upperBound..<end.lowerBound])
      .replacingOccurrences(of: "/etc/quakesd/hook.secret", with: secret)
    #expect(example.contains("exec: /usr/local/bin/quake-notify"))
    #expect(!FileManager.default.fileExists(atPath: "/usr/local/bin/quake-notify"))
    let checked = try await self.check(example)
    #expect(checked.status == 0, "\(checked.output)")
    #expect(checked.output.contains { $0.contains("warning: ") && $0.contains("/usr/local/bin/quake-notify") })
  }
}
