import Foundation
import QuakesClient
import QuakesModel
import QuakesTestSupport
import Testing
import USGSStandIn

/// The metrics of the real quakesd, scraped over TCP and through quakectl,
/// read with the Prometheus text parser of the `prometheus-client` Python
/// package (Debian's python3-prometheus-client, which make test installs).
@Suite("quakesd metrics: /metrics and quakectl metrics, parsed as Prometheus text", .timeLimit(.minutes(2)))
struct DaemonMetricsTests {
  /// One sample as the parser read it.
  struct Sample: Decodable {
    let family: String
    let type: String
    let name: String
    let labels: [String: String]
    let value: Double
  }

  /// Reads Prometheus text from standard input with the parser, and prints
  /// every sample as JSON; fails on text the parser refuses.
  private static let parser = """
    import json, sys
    from prometheus_client.parser import text_string_to_metric_families
    samples = []
    for family in text_string_to_metric_families(sys.stdin.read()):
        for sample in family.samples:
            samples.append({"family": family.name, "type": family.type, "name": sample.name,
                            "labels": sample.labels, "value": sample.value})
    print(json.dumps(samples))
    """

  private static func parse(_ text: String) async throws -> [Sample] {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try text.write(toFile: directory.file("metrics.txt"), atomically: true, encoding: .utf8)
    let result = try await Command.run(
      "/bin/sh", ["-c", "/usr/bin/python3 -c \"$0\" < \"$1\"", Self.parser, directory.file("metrics.txt")])
    #expect(result.status == 0, "the parser refused the text: \(result.errors)")
    return try JSONDecoder().decode([Sample].self, from: Data(result.output.utf8))
  }

  private static func value(_ samples: [Sample], _ name: String, _ labels: [String: String] = [:]) -> Double? {
    samples.first { $0.name == name && $0.labels == labels }?.value
  }

  /// The URL of `/metrics` the daemon logged it serves.
  private static func metricsURL(printedBy daemon: QuakesdProcess) -> String? {
    for line in daemon.child.printed {
      guard line.contains("serving metrics on "), let start = line.range(of: "http://") else { continue }
      return String(line[start.lowerBound...].prefix { !$0.isWhitespace })
    }
    return nil
  }

  /// Every metric name docs/metrics.md lists in its table.
  private static func documentedNames() throws -> [String] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/metrics.md")
    return try String(contentsOf: path, encoding: .utf8).split(separator: "\n").compactMap { line in
      guard line.hasPrefix("| `quakesd_") else { return nil }
      return line.dropFirst(3).prefix { $0 != "`" }.description
    }
  }

  @Test(
    "scraped over TCP and through quakectl: valid text, every documented metric, values that match status (the page cache as configured)"
  )
  func scrapeMatchesStatus() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(25)))
      standIn.setFeed("all_hour", body: "this is no feed")
      try await withQuakesd(
        in: directory,
        arguments: [
          "--feed-base-url", standIn.baseURL, "--feed", "all_day", "--feed", "all_hour", "--metrics-listen", "0",
        ],
        environment: QuakesdProcess.environment().merging(["QUAKESD_DATABASE_CACHE": "8MiB"]) { $1 }
      ) { daemon in
        try await daemon.child.waitForLine { $0.contains("polled all_day: 25 inserted") }
        try await daemon.child.waitForLine { $0.contains("polling all_hour failed") }
        let url = try #require(Self.metricsURL(printedBy: daemon))
        let quakectl = try ChildProcess.builtExecutable("quakectl")
        let watcher = try LineConnection(path: daemon.querySocket)
        try watcher.send(#"{"id":1,"method":"quakes.watch","more":true}"# + "\n")
        _ = try await watcher.readLine()

        let status = try await daemon.query().call(#"{"method":"quakes.status"}"#)
        let scraped = try await Command.run("/usr/bin/curl", ["-sS", "--fail", url])
        #expect(scraped.status == 0, "\(scraped.errors)")
        let overSocket = try await Command.run(quakectl, ["metrics", "--socket", daemon.runtimeDirectory])
        #expect(overSocket.status == 0, "\(overSocket.errors)")

        for text in [scraped.output, overSocket.output] {
          let samples = try await Self.parse(text)
          let families = Set(samples.map(\.family))
          for name in try Self.documentedNames() {
            let family = name.replacingOccurrences(of: "_total", with: "")
            #expect(families.contains(family) || families.contains(name), "\(name) is documented but not served")
          }
          let cache = try #require(status.result?["cache"] as? [String: Any])
          #expect(Self.value(samples, "quakesd_quakes_cached") == (cache["count"] as? Double))
          #expect(Self.value(samples, "quakesd_build_info", ["version": QuakesdProduct.version]) == 1)
          let feeds = try #require(status.result?["feeds"] as? [[String: Any]])
          let day = try #require(feeds.first { $0["feed"] as? String == "all_day" })
          let successText = try #require(day["lastSuccess"] as? String)
          let success = try #require(Timestamp.parseISO8601(successText))
          let scrapedSuccess = try #require(
            Self.value(samples, "quakesd_feed_last_success_timestamp_seconds", ["feed": "all_day"]))
          #expect(abs(scrapedSuccess - success.timeIntervalSince1970) < 0.001)
          #expect(Self.value(samples, "quakesd_feed_interval_seconds", ["feed": "all_day"]) == 300)
          #expect(Self.value(samples, "quakesd_polls_total", ["feed": "all_day", "outcome": "written"]) == 1)
          #expect(Self.value(samples, "quakesd_polls_total", ["feed": "all_hour", "outcome": "fetch_failed"]) == 1)
          #expect(Self.value(samples, "quakesd_feed_decode_errors_total", ["feed": "all_hour"]) == 1)
          #expect(Self.value(samples, "quakesd_rows_written_total", ["change": "inserted"]) == 25)
          #expect((Self.value(samples, "quakesd_fetched_bytes_total", ["feed": "all_day"]) ?? 0) > 5_000)
          #expect(Self.value(samples, "quakesd_poll_duration_seconds_count", ["feed": "all_day"]) == 1)
          let database = try #require(status.result?["database"] as? [String: Any])
          #expect(
            (Self.value(samples, "quakesd_database_size_bytes") ?? 0) >= (database["sizeBytes"] as? Double ?? 1) / 2)
          #expect(database["pageCacheBytes"] as? Double == 8_388_608.0)
          #expect(Self.value(samples, "quakesd_database_page_cache_limit_bytes") == 8_388_608.0)
          // A poll of 25 quakes leaves its -wal file (below the 8 MiB that cuts it back).
          let wal = try #require(database["walBytes"] as? Double, "\(database)")
          #expect(wal > 0 && wal < 8 * 1_048_576)
          #expect(Self.value(samples, "quakesd_database_wal_bytes").map { $0 > 0 } == true)
          #expect(Self.value(samples, "quakesd_watchers") == 1)
          #expect((Self.value(samples, "quakesd_clients_connected") ?? 0) >= 1, "the watcher at least")
          #expect(
            (Self.value(samples, "quakesd_requests_total", ["method": "quakes.status", "outcome": "ok"]) ?? 0) >= 1)
        }
        // quakectl's own request shows in the scrape after it.
        let later = try await Self.parse(try await Command.run("/usr/bin/curl", ["-sS", url]).output)
        #expect((Self.value(later, "quakesd_requests_total", ["method": "daemon.metrics", "outcome": "ok"]) ?? 0) >= 1)
      }
    }
  }

  @Test("a feed a reload removed leaves the per-feed gauges; the reload counts")
  func reloadedFeedsLeaveTheGauges() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(3)))
      standIn.setFeed("all_hour", body: SyntheticFeed.body(ids: SyntheticFeed.ids(2)))
      let configuration = directory.file("quakesd.conf")
      let write = { (feeds: String) in
        try "feed-base-url: \(standIn.baseURL)\nfeeds: [\(feeds)]\n"
          .write(toFile: configuration, atomically: true, encoding: .utf8)
      }
      try write("all_day, all_hour")
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        try await daemon.child.waitForLine { $0.contains("polled all_hour") }
        let quakectl = try ChildProcess.builtExecutable("quakectl")
        let metrics = { () async throws -> [Sample] in
          try await Self.parse(
            try await Command.run(quakectl, ["metrics", "--socket", daemon.runtimeDirectory]).output)
        }
        let before = try await metrics()
        #expect(Self.value(before, "quakesd_feed_interval_seconds", ["feed": "all_hour"]) == 60)
        #expect(Self.value(before, "quakesd_reloads_total", ["outcome": "applied"]) == 0)

        try write("all_day")
        let reloaded = try await Command.run(quakectl, ["reload", "--socket", daemon.runtimeDirectory])
        #expect(reloaded.status == 0, "\(reloaded.errors)")
        let after = try await metrics()
        #expect(
          Self.value(after, "quakesd_feed_interval_seconds", ["feed": "all_hour"]) == nil,
          "all_hour is no longer polled")
        #expect(Self.value(after, "quakesd_feed_interval_seconds", ["feed": "all_day"]) == 300)
        #expect(Self.value(after, "quakesd_reloads_total", ["outcome": "applied"]) == 1)
      }
    }
  }

  @Test("history: FDSN requests by status, events fetched, windows written or refused, jobs by how they ended")
  func historyMetrics() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalogue = FDSNCatalogue.generated(
      count: 600, from: Date(timeIntervalSince1970: 1_577_836_800), to: Date(timeIntervalSince1970: 1_583_020_800),
      seed: 21)
    let january = catalogue.events.filter { $0.timeMilliseconds < 1_580_515_200_000 }
    let kept = january.filter { ($0.magnitude ?? 0) > 0 }.count
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_hour", body: SyntheticFeed.body(ids: []))
      standIn.setFDSNCatalogue(catalogue)
      standIn.failFDSN(next: 1, status: 503, retryAfter: "0")
      let configuration = directory.file("quakesd.conf")
      try """
      feed-base-url: \(standIn.baseURL)
      fdsn-base-url: \(standIn.fdsnBaseURL)
      fdsn-interval: 0.01s
      feeds:
        all_hour: 1h
      """.write(toFile: configuration, atomically: true, encoding: .utf8)
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        let quakectl = try ChildProcess.builtExecutable("quakectl")
        let backfill = { (since: String, until: String) in
          try await Command.run(
            quakectl,
            [
              "backfill", "--since", since, "--until", until, "--wait", "--timeout", "60", "--socket",
              daemon.runtimeDirectory,
            ])
        }
        let metrics = { () async throws -> [Sample] in
          try await Self.parse(
            try await Command.run(quakectl, ["metrics", "--socket", daemon.runtimeDirectory]).output)
        }
        let before = try await metrics()
        #expect(Self.value(before, "quakesd_fdsn_requests_total", ["code": "429"]) == 0, "a series from the start")
        #expect(Self.value(before, "quakesd_history_jobs_total", ["kind": "reconcile", "phase": "failed"]) == 0)

        // The counters follow the store's transitions in a task of their
        // own: a scrape right after --wait may come a moment before it.
        let metricsOnce = { (name: String, labels: [String: String]) async throws -> [Sample] in
          var samples = try await metrics()
          for _ in 0..<100 where Self.value(samples, name, labels) == 0 {
            try await Task.sleep(for: .milliseconds(50))
            samples = try await metrics()
          }
          return samples
        }
        let done = try await backfill("2020-01-01", "2020-02-01")
        #expect(done.status == 0, "\(done.errors)")
        let afterDone = try await metricsOnce("quakesd_history_jobs_total", ["kind": "backfill", "phase": "done"])
        let requests = standIn.fdsnRequests.count
        #expect(Self.value(afterDone, "quakesd_fdsn_requests_total", ["code": "503"]) == 1)
        #expect(Self.value(afterDone, "quakesd_fdsn_requests_total", ["code": "200"]) == Double(requests - 1))
        #expect(
          Self.value(afterDone, "quakesd_history_events_fetched_total", ["kind": "backfill"]) == Double(january.count))
        #expect(
          Self.value(afterDone, "quakesd_history_windows_total", ["kind": "backfill", "outcome": "written"]) == 1)
        #expect(Self.value(afterDone, "quakesd_history_jobs_total", ["kind": "backfill", "phase": "done"]) == 1)
        #expect(Self.value(afterDone, "quakesd_rows_written_total", ["change": "inserted"]) == Double(kept))

        // The database refuses every quake: the next backfill's window fails.
        try await SQLiteShell.run(
          daemon.databasePath,
          "CREATE TRIGGER refuse_quakes BEFORE INSERT ON quakes BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;")
        let failed = try await backfill("2020-02-01", "2020-03-01")
        #expect(failed.status == 1, "\(failed.errors)")
        let afterFailure = try await metricsOnce(
          "quakesd_history_jobs_total", ["kind": "backfill", "phase": "failed"])
        #expect(
          Self.value(afterFailure, "quakesd_history_windows_total", ["kind": "backfill", "outcome": "write_failed"])
            == 1)
        #expect(Self.value(afterFailure, "quakesd_history_jobs_total", ["kind": "backfill", "phase": "failed"]) == 1)
        #expect(Self.value(afterFailure, "quakesd_rows_written_total", ["change": "inserted"]) == Double(kept))
      }
    }
  }

  @Test("/metrics serves nothing else: 404 for another path, 405 for another method; off by default")
  func onlyMetrics() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(3), arguments: ["--metrics-listen", "127.0.0.1:0"]) { daemon, _ in
      let url = try #require(Self.metricsURL(printedBy: daemon))
      let base = String(url.dropLast("/metrics".count))
      let status = { (arguments: [String]) async throws -> String in
        try await Command.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}"] + arguments).output
      }
      #expect(try await status([base + "/"]) == "404")
      #expect(try await status([base + "/metrics/x"]) == "404")
      #expect(try await status(["-X", "POST", url]) == "405")
      #expect(try await status(["-I", url]) == "200")
    }
    try await withDaemon(serving: SyntheticFeed.ids(3)) { daemon, _ in
      #expect(!daemon.child.printed.contains { $0.contains("serving metrics") }, "no listener unless asked")
    }
  }

  @Test("a metrics address that cannot be bound stops quakesd with exit 78 naming it")
  func unbindable() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await QuakesdProcess.run([
      "--state-dir", directory.file("state"), "--runtime-dir", directory.file("run"), "--feed-base-url",
      "http://127.0.0.1:9/", "--feed", "all_day", "--metrics-listen", "192.0.2.1:9464",
    ])
    #expect(result.status == 78, "\(result.output)")
    #expect(result.output.contains { $0.contains("cannot serve metrics on 192.0.2.1:9464") }, "\(result.output)")
  }
}
