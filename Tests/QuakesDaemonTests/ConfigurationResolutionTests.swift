import Foundation
import Logging
import QuakesDaemon
import QuakesData
import QuakesModel
import Testing

/// Resolution without processes: file text, an environment and flags in,
/// the effective configuration (or an error) out.
@Suite("Configuration: file, environment and flags resolve by precedence")
struct ConfigurationResolutionTests {
  private static let path = "/etc/quakesd/quakesd.conf"

  private func resolve(
    _ text: String? = nil, environment: [String: String] = [:], flags: CommandLineSettings = CommandLineSettings()
  ) throws(ConfigurationError) -> ResolvedConfiguration {
    try ConfigurationResolver.resolve(
      file: text.map { ConfigurationFileContents(path: Self.path, chosenBy: .defaultValue, text: $0) },
      environment: environment, commandLine: flags, workingDirectory: "/work")
  }

  /// The message of the error resolving these inputs throws; fails the test when none.
  private func message(
    _ text: String? = nil, environment: [String: String] = [:], flags: CommandLineSettings = CommandLineSettings()
  ) -> String {
    do {
      let resolved = try self.resolve(text, environment: environment, flags: flags)
      Issue.record("resolved without an error: \(resolved.report)")
      return ""
    } catch {
      return error.message
    }
  }

  @Test("without file, environment or flags: the documented defaults")
  func defaults() throws {
    let resolved = try self.resolve(environment: ["XDG_STATE_HOME": "/state", "XDG_RUNTIME_DIR": "/run/user/7"])
    let configuration = resolved.configuration
    #expect(configuration.feeds.map(\.description) == ["all_hour=1m", "all_day=5m", "all_week=1h", "all_month=1d"])
    #expect(configuration.stateDirectory.path == "/state/quakesd")
    #expect(configuration.runtimeDirectory.path == "/run/user/7/quakesd")
    #expect(configuration.feedBaseURL == nil)
    #expect(configuration.sync.deletesUpstream)
    #expect(configuration.logLevel == .info)
    #expect(configuration.network.connectTimeout == .seconds(10))
    #expect(configuration.network.totalTimeout == .seconds(60))
    #expect(configuration.network.maximumResponseSize == 64 << 20)
    #expect(configuration.idleTimeout == .seconds(300))
    #expect(configuration.metricsListen == nil && configuration.httpListen == nil, "no TCP listener unless asked")
    #expect(configuration.httpMaxEvents == 20_000 && configuration.httpEventCacheBytes == 8 << 20)
    #expect(ConfigurationKey.allCases.allSatisfy { resolved.origin(of: $0) == .defaultValue })
  }

  @Test("an empty file, or one of comments only, is the defaults")
  func emptyFile() throws {
    for text in ["", "# nothing here\n\n", "---\n"] {
      let resolved = try self.resolve(text)
      #expect(resolved.configuration.feeds == FeedSchedule.defaults)
      #expect(ConfigurationKey.allCases.allSatisfy { resolved.origin(of: $0) == .defaultValue })
    }
  }

  @Test("every key of the file, in the forms the manual shows")
  func everyKey() throws {
    let resolved = try self.resolve(
      """
      state-dir: /var/lib/quakes
      runtime-dir: /run/quakes
      feeds:
        all_day: 10m
        4.5_week:
      feed-base-url: http://mirror.example/summary
      upstream-deletions: no
      log-level: debug
      connect-timeout: 3s
      request-timeout: 2m
      max-feed-size: 16MiB
      idle-timeout: 1s
      """)
    let configuration = resolved.configuration
    #expect(configuration.stateDirectory.path == "/var/lib/quakes")
    #expect(configuration.runtimeDirectory.path == "/run/quakes")
    #expect(configuration.feeds.map(\.description) == ["all_day=10m", "4.5_week=1h"])
    #expect(configuration.feedBaseURL == "http://mirror.example/summary/")
    #expect(!configuration.sync.deletesUpstream)
    #expect(configuration.logLevel == .debug)
    #expect(configuration.network.connectTimeout == .seconds(3))
    #expect(configuration.network.totalTimeout == .seconds(120))
    #expect(configuration.network.maximumResponseSize == 16 << 20)
    #expect(configuration.idleTimeout == .seconds(1))
    #expect(resolved.origin(of: .feeds) == .file(path: Self.path, line: 3))
    #expect(resolved.origin(of: .idleTimeout) == .file(path: Self.path, line: 12))
  }

  @Test("feeds also as a list, of names, NAME=INTERVAL or one-entry maps, or on one line")
  func feedForms() throws {
    let list = try self.resolve("feeds: [all_day, all_week=2h, {all_hour: 90s}]\n").configuration.feeds
    #expect(list.map(\.description) == ["all_day=5m", "all_week=2h", "all_hour=1m30s"])
    let block = try self.resolve("feeds:\n  - all_month\n  - significant_day: 10m\n").configuration.feeds
    #expect(block.map(\.description) == ["all_month=1d", "significant_day=10m"])
    let line = try self.resolve("feeds: all_day=5m, all_hour\n").configuration.feeds
    #expect(line.map(\.description) == ["all_day=5m", "all_hour=1m"])
  }

  @Test("flags beat the environment, the environment beats the file, the file beats the defaults")
  func precedence() throws {
    let file = "log-level: error\nstate-dir: /from/file\nfeeds: {all_week: 2h}\nidle-timeout: 10m\n"
    let environment = [
      "QUAKESD_LOG_LEVEL": "warning", "QUAKESD_STATE_DIR": "/from/environment", "QUAKESD_IDLE_TIMEOUT": "20m",
    ]
    let flags = CommandLineSettings(values: [.stateDirectory: .single("/from/flag"), .feeds: .entries(["all_day=7m"])])
    let resolved = try self.resolve(file, environment: environment, flags: flags)

    #expect(resolved.configuration.stateDirectory.path == "/from/flag")
    #expect(resolved.origin(of: .stateDirectory) == .flag("--state-dir"))
    #expect(resolved.configuration.feeds.map(\.description) == ["all_day=7m"], "--feed replaces the configured set")
    #expect(resolved.origin(of: .feeds) == .flag("--feed"))
    #expect(resolved.configuration.logLevel == .warning)
    #expect(resolved.origin(of: .logLevel) == .environment(variable: "QUAKESD_LOG_LEVEL"))
    #expect(resolved.configuration.idleTimeout == .seconds(1_200))
    #expect(resolved.origin(of: .connectTimeout) == .defaultValue)

    let withoutFlags = try self.resolve(file, environment: ["QUAKESD_LOG_LEVEL": ""])
    #expect(withoutFlags.configuration.logLevel == .error, "an empty variable counts as unset")
    #expect(withoutFlags.origin(of: .logLevel) == .file(path: Self.path, line: 1))
    #expect(withoutFlags.configuration.feeds.map(\.description) == ["all_week=2h"])
  }

  @Test("every key has its environment variable")
  func environmentVariables() throws {
    let environment = [
      "QUAKESD_STATE_DIR": "state", "QUAKESD_RUNTIME_DIR": "/run/q", "QUAKESD_FEEDS": "all_day=10m all_hour",
      "QUAKESD_FEED_BASE_URL": "https://mirror.example/feeds/", "QUAKESD_UPSTREAM_DELETIONS": "off",
      "QUAKESD_LOG_LEVEL": "TRACE", "QUAKESD_CONNECT_TIMEOUT": "1s", "QUAKESD_REQUEST_TIMEOUT": "5m",
      "QUAKESD_MAX_FEED_SIZE": "1GiB", "QUAKESD_IDLE_TIMEOUT": "1h", "QUAKESD_DATABASE_CACHE": "64MiB",
      "QUAKESD_RETENTION": "[{keep: 30d}]",
      "QUAKESD_METRICS_LISTEN": "9464", "QUAKESD_HTTP_LISTEN": "0.0.0.0:8080", "QUAKESD_HTTP_MAX_EVENTS": "500",
      "QUAKESD_HTTP_EVENT_CACHE": "2MiB", "QUAKESD_HTTP_RATE_LIMIT": "2.5",
      "QUAKESD_ALERTS": "{big: {min-magnitude: 6, on: [new, deleted]}}",
      "QUAKESD_ALERT_ATTEMPTS": "3", "QUAKESD_ALERT_RETRY_DELAY": "2s",
      "QUAKESD_FDSN_BASE_URL": "https://mirror.example/fdsn", "QUAKESD_FDSN_INTERVAL": "1.5s",
      "QUAKESD_RECONCILE": "6h", "QUAKESD_CONTACT": "mailto:ops@example.org",
      "QUAKESD_STORE": "postgresql://quakesd@db.example.org/quakes", "QUAKESD_CANDIDATE": "no",
    ]
    #expect(Set(environment.keys) == Set(ConfigurationKey.allCases.map(\.environmentVariable)))
    let resolved = try self.resolve(environment: environment)
    let configuration = resolved.configuration
    #expect(configuration.stateDirectory.path == "/work/state", "relative to the working directory")
    #expect(configuration.runtimeDirectory.path == "/run/q")
    #expect(configuration.feeds.map(\.description) == ["all_day=10m", "all_hour=1m"])
    #expect(configuration.feedBaseURL == "https://mirror.example/feeds/")
    #expect(!configuration.sync.deletesUpstream)
    #expect(configuration.logLevel == .trace)
    #expect(configuration.network.connectTimeout == .seconds(1))
    #expect(configuration.network.totalTimeout == .seconds(300))
    #expect(configuration.network.maximumResponseSize == 1 << 30)
    #expect(configuration.idleTimeout == .seconds(3_600))
    #expect(configuration.databaseCacheBytes == 64 << 20)
    #expect(configuration.sync.retention.map(\.keepSeconds) == [30 * 86_400])
    #expect(configuration.metricsListen?.description == "127.0.0.1:9464", "a port alone is on the loopback address")
    #expect(configuration.httpListen?.description == "0.0.0.0:8080", "another address is written out")
    #expect(configuration.httpMaxEvents == 500)
    #expect(configuration.httpEventCacheBytes == 2 << 20)
    #expect(configuration.httpRateLimit == 2.5)
    #expect(configuration.syncOptions.alerts.map(\.name) == ["big"])
    #expect(configuration.syncOptions.alerts.first?.triggers == [.new, .deleted])
    #expect(configuration.syncOptions.alerts.first?.filter.minMagnitude == 6)
    #expect(configuration.alertDelivery.attempts == 3 && configuration.alertDelivery.firstRetry == .seconds(2))
    #expect(configuration.fdsnBaseURL == "https://mirror.example/fdsn/")
    #expect(configuration.fdsnInterval == .milliseconds(1_500))
    #expect(configuration.reconcileInterval == .seconds(6 * 3_600))
    #expect(configuration.contact == "mailto:ops@example.org")
    #expect(configuration.store == "postgresql://quakesd@db.example.org/quakes")
    #expect(!configuration.candidate)
    #expect(configuration.network.userAgent.hasPrefix("quakesd/\(QuakesdProduct.version) (+mailto:ops@example.org)"))
    #expect(
      ConfigurationKey.allCases.allSatisfy { resolved.origin(of: $0) == .environment(variable: $0.environmentVariable) }
    )
  }

  @Test(
    "every key is read alike from each source: its example through the file, its variable and its flag",
    arguments: ConfigurationKey.allCases)
  func everySource(key: ConfigurationKey) throws {
    let fromFile = try self.resolve("\(key.name): \(key.example)\n")
    #expect(fromFile.origin(of: key) == .file(path: Self.path, line: 1))
    let fromEnvironment = try self.resolve(environment: [key.environmentVariable: key.example])
    #expect(fromEnvironment.origin(of: key) == .environment(variable: key.environmentVariable))
    #expect(fromEnvironment.value(of: key) == fromFile.value(of: key))
    guard let flag = key.commandLineFlag else { return }
    var flags = CommandLineSettings()
    switch flag.kind {
    case .option: flags.record(key, value: key.example)
    case .repeatableOption: flags.record(key, values: [key.example])
    case .setting: flags.record(key, given: true)
    }
    let fromFlag = try self.resolve(flags: flags)
    #expect(fromFlag.origin(of: key) == .flag(flag.name))
    #expect(ConfigurationKey.allCases.filter { fromFlag.origin(of: $0) != .defaultValue } == [key])
  }

  @Test("--no-upstream-deletions overrides the file and the environment; --once and --ephemeral pass through")
  func runFlags() throws {
    var flags = CommandLineSettings(once: true, ephemeral: true)
    flags.record(.upstreamDeletions, given: true)
    let resolved = try self.resolve(
      "upstream-deletions: true\n", environment: ["QUAKESD_UPSTREAM_DELETIONS": "yes"], flags: flags)
    #expect(!resolved.configuration.sync.deletesUpstream)
    #expect(resolved.origin(of: .upstreamDeletions) == .flag("--no-upstream-deletions"))
    #expect(resolved.configuration.once && resolved.configuration.ephemeral)
  }

  @Test(
    "a bad value names the place, the key, the value and the allowed values",
    arguments: [
      ("log-level: loud", "line 1: log-level \"loud\"", "trace, debug, info, notice, warning, error, critical"),
      ("upstream-deletions: maybe", "upstream-deletions \"maybe\"", "true or false"),
      ("connect-timeout: soon", "connect-timeout \"soon\"", "a duration"),
      ("request-timeout: 0s", "request-timeout \"0s\"", "a duration from 0.001s"),
      ("idle-timeout: -1m", "idle-timeout \"-1m\"", "a duration"),
      ("max-feed-size: 64 parsecs", "max-feed-size \"64 parsecs\"", "64MiB"),
      ("max-feed-size: 0", "max-feed-size \"0\"", "a size over zero"),
      ("feed-base-url: ftp://mirror.example/", "feed-base-url \"ftp://mirror.example/\"", "an http or https URL"),
      ("state-dir: relative/state", "state-dir \"relative/state\"", "absolute"),
      ("runtime-dir: [a, b]", "runtime-dir \"a list\" is not a single value", "a directory path"),
      ("log-level:", "log-level \"\" has no value", "trace"),
      ("feeds: {all_year: 5m}", "unknown feed \"all_year\"", "all_hour, all_day"),
      ("feeds: {all_day: often}", "\"often\" of all_day is not a duration", "90s, 5m"),
      ("feeds: [all_day, all_day=10m]", "all_day is named twice", "name each feed once"),
      ("feeds: []", "feeds is empty", "feed names"),
      ("fdsn-base-url: mirror.example", "fdsn-base-url \"mirror.example\"", "an http or https URL"),
      ("fdsn-interval: 0s", "fdsn-interval \"0s\"", "a duration from 0.001s"),
      ("reconcile: sometimes", "reconcile \"sometimes\"", "off, or a duration of at least 1s"),
      ("reconcile: 0.5s", "reconcile \"0.5s\"", "off, or a duration of at least 1s"),
      ("contact: ops@example.org", "contact \"ops@example.org\"", "mailto URL"),
      ("contact: \"mailto:ops (night)\"", "contact \"mailto:ops (night)\"", "mailto URL"),
      ("contact: \"https:\"", "contact \"https:\"", "mailto URL"),
    ])
  func badFileValues(text: String, names: String, allowed: String) {
    let message = self.message(text + "\n")
    #expect(message.hasPrefix(Self.path), "\(message)")
    #expect(message.contains(names), "\(message)")
    #expect(message.contains(allowed), "\(message)")
  }

  /// A runtime directory of `length` bytes.
  private static func runtimeDirectory(bytes length: Int) -> String {
    "/" + String(repeating: "r", count: length - 1)
  }

  @Test(
    "each bounded value at its bounds: the extremes accepted (and reported as they read back), one step beyond refused",
    arguments: [
      ("feeds: {all_day: 60s}", "{all_day: 1m}"), ("feeds: {all_day: 59.999s}", nil),
      ("feeds: {all_day: 999999999s}", "{all_day: 11574d1h46m39s}"), ("feeds: {all_day: 1000000000s}", nil),
      ("connect-timeout: 0.001", "0.001s"), ("connect-timeout: 0.0005", "0.001s"), ("connect-timeout: 0.0004", nil),
      ("connect-timeout: 999999999", "11574d1h46m39s"), ("connect-timeout: 1000000000", nil),
      ("request-timeout: 0.001s", "0.001s"), ("request-timeout: 0.0004s", nil),
      ("request-timeout: 999999999.999s", "11574d1h46m39.999s"), ("request-timeout: 1000000000s", nil),
      ("idle-timeout: 1m0.25s", "1m0.25s"), ("idle-timeout: 0.000006m", nil),
      ("idle-timeout: 11574d1h46m39s", "11574d1h46m39s"), ("idle-timeout: 11574d1h46m40s", nil),
      ("max-feed-size: 1", "1"), ("max-feed-size: 0", nil),
      ("max-feed-size: 9223372036854775807", "9223372036854775807"), ("max-feed-size: 9223372036854775808", nil),
      ("max-feed-size: 8589934591GiB", "8589934591GiB"), ("max-feed-size: 8589934592GiB", nil),
      ("runtime-dir: \(Self.runtimeDirectory(bytes: 94))", Self.runtimeDirectory(bytes: 94)),
      ("runtime-dir: \(Self.runtimeDirectory(bytes: 95))", nil),
      ("feed-base-url: http://mirror.example:1/", "http://mirror.example:1/"),
      ("feed-base-url: http://mirror.example:0/", nil),
      ("feed-base-url: http://mirror.example:65535/", "http://mirror.example:65535/"),
      ("feed-base-url: http://mirror.example:65536/", nil),
      ("reconcile: off", "off"), ("reconcile: NEVER", "off"), ("reconcile: 1h", "1h"),
      ("contact: none", "none"), ("contact: mailto:ops@example.org", "mailto:ops@example.org"),
      (
        "contact: https://example.org/\(String(repeating: "x", count: 236))",
        "https://example.org/\(String(repeating: "x", count: 236))"
      ),
      ("contact: https://example.org/\(String(repeating: "x", count: 237))", nil),
    ] as [(String, String?)])
  func bounds(text: String, reported: String?) throws {
    let name = String(text.prefix { $0 != ":" })
    let key = try #require(ConfigurationKey(rawValue: name))
    guard let reported else {
      let message = self.message(text + "\n")
      #expect(message.contains("\(Self.path), line 1: \(name)") || message.contains("line 1: feeds"), "\(message)")
      return
    }
    let resolved = try self.resolve(text + "\n")
    #expect(resolved.value(of: key) == reported)
    let reread = try self.resolve("\(name): \(reported)\n")
    #expect(reread.value(of: key) == reported, "--check-config's value reads back the same")
  }

  @Test("every word of the enumerated keys, in any case; anything else refused")
  func enumeratedValues() throws {
    for (word, value) in [
      ("true", true), ("YES", true), ("On", true), ("1", true), ("false", false), ("no", false), ("OFF", false),
      ("0", false),
    ] {
      #expect(
        try self.resolve("upstream-deletions: \"\(word)\"\n").configuration.sync.deletesUpstream == value, "\(word)")
    }
    #expect(self.message("upstream-deletions: 2\n").contains("upstream-deletions \"2\""))
    for level in Logger.Level.allCases {
      #expect(try self.resolve("log-level: \(level.rawValue.uppercased())\n").configuration.logLevel == level)
    }
    #expect(self.message("log-level: verbose\n").contains("log-level \"verbose\""))
  }

  @Test("the default runtime directory is checked too: a long XDG_RUNTIME_DIR is refused before anything starts")
  func longDefaultRuntimeDirectory() {
    let message = self.message(environment: ["XDG_RUNTIME_DIR": Self.runtimeDirectory(bytes: 87)])
    #expect(message.hasPrefix("the built-in default: runtime-dir"), "\(message)")
    #expect(message.contains("is 95 bytes long") && message.contains("at most 94 bytes"), "\(message)")
  }

  @Test("an interval under 60 s is refused wherever it comes from")
  func shortIntervals() {
    let fromFile = self.message("feeds:\n  all_hour: 59s\n")
    #expect(
      fromFile.contains("\(Self.path), line 1: feeds") && fromFile.contains("59s") && fromFile.contains("60s or more"),
      "\(fromFile)")
    let fromEnvironment = self.message(environment: ["QUAKESD_FEEDS": "all_day=30"])
    #expect(
      fromEnvironment.hasPrefix("environment variable QUAKESD_FEEDS") && fromEnvironment.contains("60s or more"),
      "\(fromEnvironment)")
    let fromFlag = self.message(flags: CommandLineSettings(values: [.feeds: .entries(["all_day=1s"])]))
    #expect(
      fromFlag.hasPrefix("flag --feed") && fromFlag.contains("all_day=1s") && fromFlag.contains("60s or more"),
      "\(fromFlag)")
  }

  @Test("bad environment and flag values name the variable or the flag")
  func badEnvironmentAndFlags() {
    let environment = self.message(environment: ["QUAKESD_MAX_FEED_SIZE": "huge"])
    #expect(
      environment.hasPrefix("environment variable QUAKESD_MAX_FEED_SIZE: max-feed-size \"huge\""), "\(environment)")
    #expect(environment.contains("allowed: a size"), "\(environment)")
    let flag = self.message(flags: CommandLineSettings(values: [.logLevel: .single("chatty")]))
    #expect(flag.hasPrefix("flag --log-level: log-level \"chatty\""), "\(flag)")
    #expect(flag.contains("warning"), "\(flag)")
  }

  @Test("an unknown key is named, with the nearest key when it looks like a typo, and the list of keys")
  func unknownKeys() {
    let typo = self.message("log-level: info\nstate_dir: /var/lib/quakesd\n")
    #expect(typo.hasPrefix("\(Self.path), line 2: unknown key \"state_dir\" (did you mean \"state-dir\"?)"), "\(typo)")
    #expect(typo.contains("allowed keys: state-dir, runtime-dir, feeds"), "\(typo)")
    let unrelated = self.message("colour: blue\n")
    #expect(unrelated.contains("unknown key \"colour\"") && !unrelated.contains("did you mean"), "\(unrelated)")
    #expect(self.message("feed: all_day\n").contains("did you mean \"feeds\"?"))
  }

  @Test("YAML that does not parse is an error with its line")
  func badYAML() {
    let unclosed = self.message("log-level: info\nfeeds: [all_day, all_week\nidle-timeout: 5m\n")
    #expect(unclosed.hasPrefix("\(Self.path), line 3"), "\(unclosed)")
    #expect(unclosed.contains("not valid YAML"), "\(unclosed)")
    let tab = self.message("log-level: info\n\tstate-dir: /x\n")
    #expect(tab.hasPrefix("\(Self.path), line 2"), "\(tab)")
    let twice = self.message("log-level: info\nlog-level: debug\n")
    #expect(twice.contains("log-level is set twice"), "\(twice)")
    let notAMap = self.message("- all_day\n")
    #expect(notAMap.contains("must be a map of keys to values"), "\(notAMap)")
  }

  @Test("--check-config's report: every key, its effective value and its origin, readable back as a file")
  func report() throws {
    let resolved = try self.resolve(
      "feeds: {all_day: 10m}\n", environment: ["QUAKESD_LOG_LEVEL": "debug"],
      flags: CommandLineSettings(values: [.stateDirectory: .single("/srv/quakes state")]))
    let lines = resolved.report.split(separator: "\n").map(String.init)
    func line(_ key: ConfigurationKey) -> String { lines.first { $0.hasPrefix(key.name + ":") } ?? "" }
    #expect(line(.feeds).contains("{all_day: 10m}") && line(.feeds).hasSuffix("# file \(Self.path):1"), "\(lines)")
    #expect(line(.logLevel).contains("debug") && line(.logLevel).hasSuffix("# environment QUAKESD_LOG_LEVEL"))
    #expect(
      line(.stateDirectory).contains("\"/srv/quakes state\"") && line(.stateDirectory).hasSuffix("# flag --state-dir"))
    #expect(line(.maxFeedSize).contains("64MiB") && line(.maxFeedSize).hasSuffix("# default"))

    let reread = try self.resolve(resolved.report)
    #expect(reread.configuration.feeds == resolved.configuration.feeds)
    #expect(reread.configuration.stateDirectory == resolved.configuration.stateDirectory)
    #expect(reread.configuration.logLevel == .debug)
    #expect(reread.configuration.network == resolved.configuration.network)
  }

  @Test("sizes: binary and decimal units, printed back in the largest binary unit")
  func sizes() {
    #expect(ByteSizeText.parse("64MiB") == 64 << 20)
    #expect(ByteSizeText.parse("512 kib") == 512 << 10)
    #expect(ByteSizeText.parse("10MB") == 10_000_000)
    #expect(ByteSizeText.parse("4096") == 4_096)
    #expect(ByteSizeText.parse("1.5MiB") == nil)
    #expect(ByteSizeText.parse("99999999999GiB") == nil)
    #expect(ByteSizeText.format(64 << 20) == "64MiB")
    #expect(ByteSizeText.format(1_536 << 10) == "1536KiB")
    #expect(ByteSizeText.format(1_000) == "1000")
  }

  @Test("retention rules from the file, in order, with their filters; printed back as flow YAML a variable takes")
  func retentionRules() throws {
    let resolved = try self.resolve(
      """
      retention:
        - min-magnitude: 4.5
          keep: forever
        - near: {latitude: 47.61, longitude: -122.33, radius-km: 300}
          min-alert: yellow
          keep: 1y
        - keep: 90d
      """.replacingOccurrences(of: "1y", with: "365d"))
    let rules = resolved.configuration.sync.retention
    #expect(rules.map(\.keepSeconds) == [nil, 365 * 86_400, 90 * 86_400])
    #expect(rules[0].filter.minMagnitude == 4.5)
    #expect(rules[1].filter.minAlert == .yellow && rules[1].filter.near?.radiusKm == 300)
    #expect(rules[2].filter == QuakesModel.QuakesQuery.Filter())
    let printed = resolved.value(of: .retention)
    #expect(
      printed
        == "[{keep: forever, min-magnitude: 4.5}, {keep: 365d, min-alert: yellow, near: {latitude: 47.61, longitude: -122.33, radius-km: 300}}, {keep: 90d}]"
    )
    let fromVariable = try self.resolve(environment: ["QUAKESD_RETENTION": printed])
    #expect(fromVariable.configuration.sync.retention == rules, "the printed form reads back the same rules")
    #expect(try self.resolve().configuration.sync.retention.isEmpty, "none by default: every quake is kept")

    let texts = try self.resolve("retention:\n  - search: \"123\"\n    network: \"true\"\n    keep: 1d\n")
    let printedTexts = texts.value(of: .retention)
    #expect(printedTexts == #"[{keep: 1d, network: "true", search: "123"}]"#)
    let readBack = try self.resolve(environment: ["QUAKESD_RETENTION": printedTexts])
    #expect(readBack.configuration.sync.retention.map(\.filter) == texts.configuration.sync.retention.map(\.filter))
  }

  @Test(
    "a retention rule quakesd cannot use names the rule and what is wrong",
    arguments: [
      ("retention:\n  - min-magnitude: 4.5\n", "(rule 1) says nothing of keep"),
      ("retention:\n  - keep: 90d\n  - keep: soon\n", "(rule 2) keeps for \"soon\""),
      ("retention:\n  - keep: 0s\n", "(rule 1) keeps for \"0s\""),
      ("retention:\n  - keep: 90d\n    min-magnitud: 4\n", "\"min-magnitud\" is not a filter"),
      ("retention:\n  - keep: 90d\n    min-magnitude: big\n", "min-magnitude must be a number"),
      ("retention:\n  - keep: 90d\n    min-alert: purple\n", "\"min-alert\" must be one of"),
      ("retention:\n  - keep: 90d\n    near: {latitude: 95, longitude: 0}\n", "latitude"),
      ("retention:\n  keep: 90d\n", "is not a list of rules"),
      ("retention:\n  - 90d\n", "(rule 1) is not a map"),
      ("retention:\n  - keep: 90\n", "(rule 1) keeps for \"90\", which is neither forever nor a time with its unit"),
      ("retention:\n  - keep: 7d\n    near: {latitude: 47, longitude: -122}\n", "near without radius-km"),
    ])
  func badRetentionRules(text: String, problem: String) {
    let message = self.message(text)
    #expect(message.hasPrefix("\(Self.path), line 1: retention "), "\(message)")
    #expect(message.contains(problem), "\(message)")
  }

  @Test(
    "metrics-listen and http-listen: off, a port on the loopback address, or an address and a port",
    arguments: [ConfigurationKey.metricsListen, .httpListen],
    [
      ("off", nil), ("OFF", nil), ("9464", "127.0.0.1:9464"), ("0", "127.0.0.1:0"), ("0.0.0.0:9464", "0.0.0.0:9464"),
      ("[::1]:9464", "[::1]:9464"), ("localhost:80", "localhost:80"),
    ] as [(String, String?)])
  func listenAddresses(key: ConfigurationKey, case: (text: String, address: String?)) throws {
    let resolved = try self.resolve("\(key.name): \"\(`case`.text)\"\n")
    let address = key == .metricsListen ? resolved.configuration.metricsListen : resolved.configuration.httpListen
    #expect(address?.description == `case`.address)
    #expect(resolved.value(of: key) == `case`.address ?? "off")
  }

  @Test(
    "metrics-listen and http-listen refuse what is no address",
    arguments: [ConfigurationKey.metricsListen, .httpListen],
    ["65536", "-1", "host:", ":9464", "::1:9464", "[::1]", "[127.0.0.1]:80", "a b:1", "9464x", "on"])
  func badListenAddresses(key: ConfigurationKey, text: String) {
    let message = self.message("\(key.name): \"\(text)\"\n")
    #expect(message.contains("\(key.name) \"\(text)\" is not allowed; allowed: off, a port"), "\(message)")
  }

  @Test(
    "http-rate-limit: off, or requests a second",
    arguments: [("off", nil), ("10", 10), ("0.5", 0.5)] as [(String, Double?)])
  func rateLimits(text: String, rate: Double?) throws {
    let resolved = try self.resolve("http-rate-limit: \"\(text)\"\n")
    #expect(resolved.configuration.httpRateLimit == rate)
    #expect(resolved.value(of: .httpRateLimit) == text)
    #expect(try self.resolve("").configuration.httpRateLimit == 10, "10 a second by default")
  }

  @Test("http-rate-limit refuses what is no rate", arguments: ["0", "-1", "nan", "inf", "1e9", "fast", ""])
  func badRateLimits(text: String) {
    let message = self.message("http-rate-limit: \"\(text)\"\n")
    #expect(message.contains("allowed: off, or requests a second from 0.01 to 100000"), "\(message)")
  }

  @Test("http-event-cache: 0 keeps no texts; a size up to 1GiB; 8MiB by default")
  func eventCache() throws {
    #expect(try self.resolve("").configuration.httpEventCacheBytes == 8 << 20)
    #expect(try self.resolve("http-event-cache: 0\n").configuration.httpEventCacheBytes == 0)
    #expect(try self.resolve("http-event-cache: 1GiB\n").configuration.httpEventCacheBytes == 1 << 30)
    #expect(try self.resolve("http-event-cache: 500kB\n").configuration.httpEventCacheBytes == 500_000)
  }

  @Test("http-event-cache refuses what is no size up to 1GiB", arguments: ["-1", "1025MiB", "2GiB", "00x", "much", ""])
  func badEventCaches(text: String) {
    let message = self.message("http-event-cache: \"\(text)\"\n")
    #expect(message.contains("allowed: 0 (none), or a size up to 1GiB such as 8MiB"), "\(message)")
  }

  @Test("http-max-events: a whole number from 1 to 1000000", arguments: ["0", "1000001", "-5", "2.5", "many", ""])
  func badMaximumEvents(text: String) {
    let message = self.message("http-max-events: \"\(text)\"\n")
    #expect(message.contains("allowed: a whole number from 1 to 1000000"), "\(message)")
  }
}
