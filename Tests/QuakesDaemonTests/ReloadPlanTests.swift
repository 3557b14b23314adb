import Foundation
import Testing

@testable import QuakesDaemon

/// What a reload makes of a configuration read again: a key only a restart
/// applies is named at every reload until the restart, however many come,
/// and the daemon runs on with its old value; a key a reload applies is
/// named once.
@Suite("ReloadPlan: restart-only keys are named at every reload")
struct ReloadPlanTests {
  /// A value other than the default for every key a reload does not apply.
  /// A new such key fails the test below until it has one here.
  private static let newValues: [ConfigurationKey: String] = [
    .stateDirectory: "/srv/elsewhere/state", .runtimeDirectory: "/srv/elsewhere/run",
    .feedBaseURL: "http://mirror.example/feeds/", .metricsListen: "127.0.0.1:9999",
    .fdsnBaseURL: "http://mirror.example/fdsn/", .databaseCache: "256MiB", .httpListen: "8080",
    .httpMaxEvents: "100", .httpEventCache: "0", .httpRateLimit: "off",
    .store: "postgresql://quakesd@db.example.org/quakes",
    .candidate: "false",
  ]

  private static func resolve(_ text: String) throws -> DaemonConfiguration {
    try ConfigurationResolver.resolve(
      file: ConfigurationFileContents(path: "/etc/quakesd/quakesd.conf", chosenBy: .defaultValue, text: text),
      environment: ["XDG_STATE_HOME": "/state", "XDG_RUNTIME_DIR": "/run/user/7"], commandLine: CommandLineSettings(),
      workingDirectory: "/work"
    ).configuration
  }

  @Test(
    "each restart-only key, changed: named by the first reload and the second, its running value kept",
    arguments: ConfigurationKey.allCases.filter { !$0.appliesOnReload })
  func restartOnlyKeyStaysNamed(key: ConfigurationKey) throws {
    let value = try #require(Self.newValues[key], "no new value for \(key.name) in this test")
    let running = try Self.resolve("")
    let loaded = try Self.resolve("\(key.name): \(value)\n")
    #expect(key.declaration.formattedValue(loaded) != key.declaration.formattedValue(running))

    let first = ReloadPlan(running: running, loaded: loaded)
    #expect(first.restartNeeded == [key] && first.applied.isEmpty)
    #expect(key.declaration.formattedValue(first.configuration) == key.declaration.formattedValue(running))

    let second = ReloadPlan(running: first.configuration, loaded: loaded)
    #expect(second.restartNeeded == [key] && second.applied.isEmpty, "the second reload of the same file")
    #expect(key.declaration.formattedValue(second.configuration) == key.declaration.formattedValue(running))
  }

  @Test("every restart-only key at once, reloaded three times: all of them named each time, in declaration order")
  func allRestartOnlyKeysStayNamed() throws {
    let keys = ConfigurationKey.allCases.filter { !$0.appliesOnReload }
    let text = keys.compactMap { key in Self.newValues[key].map { "\(key.name): \($0)\n" } }.joined()
    let loaded = try Self.resolve(text + "log-level: debug\n")
    var running = try Self.resolve("")
    var applied: [[ConfigurationKey]] = []
    for _ in 0..<3 {
      let plan = ReloadPlan(running: running, loaded: loaded)
      #expect(plan.restartNeeded == keys)
      applied.append(plan.applied)
      running = plan.configuration
    }
    #expect(applied == [[.logLevel], [], []], "a key a reload applies is named once, then holds")
    #expect(running.logLevel == .debug)
  }
}
