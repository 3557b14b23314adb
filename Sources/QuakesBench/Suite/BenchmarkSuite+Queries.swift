import Foundation
import QuakesTestSupport

extension BenchmarkSuite {
  /// The scripted query and the served queries under load, against a daemon
  /// holding the large cache (and datasette on the peer's file of the same
  /// quakes): two sections and their summary rows.
  mutating func queries(cache: String?, peerDatabase: String?) async throws {
    guard let cache else {
      throw MeasuredRun.Failure(description: "no cache of \(self.scale.largeCount) quakes was prepared")
    }
    let runtime = self.work + "/run"
    try await withChildProcess(
      executable: self.programs + "/quakesd",
      arguments: [
        "--state-dir", cache, "--runtime-dir", runtime, "--feed", "all_month", "--feed-base-url",
        ColdStartBenchmark.unreachableFeeds,
      ],
      environment: QuakesdProcess.environment(), mergeStandardError: true
    ) { daemon in
      try await daemon.waitForLine(timeout: .seconds(300)) { $0.contains("listening on") }
      let database = cache + "/quakes.sqlite"
      let quakes = self.count(Int(try await SQLiteShell.run(database, "SELECT count(*) FROM quakes")) ?? 0)

      try await self.scriptedQuery(
        runtime: runtime, daemon: daemon.processIdentifier, database: database, quakes: quakes)

      if let peers = self.peers, let peerDatabase {
        try await SQLiteShell.run(peerDatabase, "CREATE INDEX IF NOT EXISTS quakes_time ON quakes(time)")
        try await peers.withDatasette(serving: peerDatabase) { port in
          try await self.measureServedQueries(
            runtime: runtime, daemon: daemon.processIdentifier, database: database, quakes: quakes, peerPort: port)
        }
      } else {
        try await self.measureServedQueries(
          runtime: runtime, daemon: daemon.processIdentifier, database: database, quakes: quakes, peerPort: nil)
      }
    }
  }

  /// The served queries under load against the daemon (and datasette on
  /// `peerPort`, when it runs), with one request in flight per connection
  /// besides; their section and summary rows.
  private mutating func measureServedQueries(
    runtime: String, daemon: pid_t, database: String, quakes: String, peerPort port: UInt16?
  ) async throws {
    let ids = try await SQLiteShell.run(database, "SELECT id FROM quakes ORDER BY random() LIMIT 1000").split(
      separator: "\n"
    ).map(String.init)
    print(
      "served queries: \(quakes) quakes, \(self.scale.loadRounds) rounds of \(self.scale.loadSeconds) s per query and server"
    )
    let comparison = ServedQueryComparison(
      bench: CommandLine.arguments[0], querySocket: runtime + "/query.sock", peerPort: port, ids: ids,
      rounds: self.scale.loadRounds, seconds: self.scale.loadSeconds, connections: self.scale.loadConnections,
      depth: self.scale.loadDepth, work: self.work)
    let result = try await comparison.run()
    // The same list loads with one request in flight per connection: how much
    // of the pipelined p99 is waiting in line (Little's law) rather than work.
    let oneInFlight = try await ServedQueryComparison(
      queries: [.list, .listDistinct], bench: comparison.bench, querySocket: comparison.querySocket, peerPort: nil,
      ids: ids,
      rounds: comparison.rounds, seconds: comparison.seconds, connections: comparison.connections, depth: 1,
      work: self.work
    ).run()
    let memory = try ProcessMemory(of: daemon)
    self.servedQueries(result, comparison: comparison, oneInFlight: oneInFlight, quakes: quakes, memory: memory)

    print("first answers: \(quakes) quakes, one request at a time, distinct params")
    let newest = Int64(try await SQLiteShell.run(database, "SELECT max(time) FROM quakes")) ?? 0
    var firstAnswers = ServedQueryComparison(
      queries: ServedQueryComparison.Query.firstAnswers, bench: comparison.bench, querySocket: comparison.querySocket,
      peerPort: port, ids: ids, rounds: comparison.rounds, seconds: min(2, comparison.seconds), connections: 1,
      depth: 1, work: self.work)
    firstAnswers.newest = newest
    self.firstAnswers(try await firstAnswers.run(), comparison: firstAnswers, quakes: quakes)

    print("a full list: \(quakes) quakes, streamed")
    let fullList = FullListBenchmark(
      querySocket: comparison.querySocket, daemon: daemon, peerPort: port,
      quakes: Int(try await SQLiteShell.run(database, "SELECT count(*) FROM quakes")) ?? 0, rounds: comparison.rounds)
    self.fullList(try fullList.run(), benchmark: fullList, quakes: quakes)
  }

  private mutating func scriptedQuery(runtime: String, daemon: pid_t, database: String, quakes: String) async throws {
    print("scripted query: \(quakes) quakes")
    let comparison = ScriptedQueryComparison(
      quakectl: self.programs + "/quakectl", runtimeDirectory: runtime, daemon: daemon, database: database,
      sqliteUtils: self.peers?.sqliteUtils, sqlite3: PeerTools.sqlite3, rounds: self.scale.queryRounds)
    let result = try await comparison.run()
    let daemonResident = result.daemonMemory.map { String(format: "%.1f", $0.resident) } ?? "—"
    let daemonPeak = result.daemonMemory.map { String(format: "%.1f", $0.peak) } ?? "—"
    let ours = (repeated: result(.quakectl, .repeated), distinct: result(.quakectl, .distinct))

    var table = MarkdownTable(
      "tool", "asks", "wall time, ms", "÷ quakectl (same way)", "peak RSS, MiB", "the daemon answering it, RSS MiB")
    var raw: [String] = []
    for tool in ScriptedQueryComparison.Tool.allCases {
      for parameters in ScriptedQueryComparison.Parameters.allCases {
        let runs = result(tool, parameters)
        let base = result(.quakectl, parameters)
        table.add(
          "`\(ScriptedQueryComparison.command(tool, parameters))`", parameters.title, runs.wallTime.text(2),
          self.ratio(runs.wallTime.median, base.wallTime.median), runs.peakMemory.text(),
          tool == .quakectl ? "\(daemonResident) (peak \(daemonPeak))" : "— (no daemon)")
        raw.append("- \(ScriptedQueryComparison.command(tool, parameters)): \(runs.wallTime.raw(2))")
      }
    }
    self.report.addSection(
      "A scripted query, whole process",
      """
      The newest 20 quakes as JSON, from a cache of \(quakes) quakes: what a script does instead of \
      opening the database itself. quakectl asks the running daemon; the SQLite tools run \
      `\(ScriptedQueryComparison.sql())` on the daemon's file (indexed on `time`). Each tool runs three ways:

      - **\(ScriptedQueryComparison.Parameters.repeated.title)**: the same question every run. quakesd \
      caches encoded list results by their parameters (ListCache), so it answers every timed run from that \
      cache; the SQLite tools cache nothing between processes but the kernel's page cache of the file.
      - **\(ScriptedQueryComparison.Parameters.distinct.title)**: run `i` adds a bound after every quake \
      (`until` \(DistinctUntil.iso8601(0)) plus `i` seconds; `WHERE time < T` with the same instant for the \
      SQLite tools): the same answer, but parameters no earlier run had, so quakesd computes it each time.
      - **\(ScriptedQueryComparison.Parameters.version.title)**: no question; what a process of the tool \
      costs to start and end (loading its libraries, its runtime's start), which a script pays on every call.

      Each tool runs its repeated question once untimed first, so both sides start warm; then \
      \(self.scale.queryRounds) rounds of every tool in every way, in an order that rotates; output to /dev/null. \
      Ratios divide whole-process times of the same way of asking. quakectl's peak RSS is its own; the \
      daemon doing the work holds the cache all the time, so its resident memory (`VmRSS`, and `VmHWM` as \
      its peak, from `/proc`, read after the runs) stands beside it.

      \(table.text)

      Raw figures, ms in round order:

      \(raw.joined(separator: "\n"))
      """)
    let sqliteUtils = (repeated: result(.sqliteUtils, .repeated), distinct: result(.sqliteUtils, .distinct))
    let sqlite3 = (repeated: result(.sqlite3, .repeated), distinct: result(.sqlite3, .distinct))
    self.report.add(
      .init(
        comparison:
          "one scripted query, whole process (\(quakes) quakes): same params each run (quakesd: ListCache); distinct params (uncached)",
        ours: "quakectl \(self.milliseconds(ours.repeated.wallTime)); \(self.milliseconds(ours.distinct.wallTime)); "
          + "memory: quakectl \(self.mebibytes(ours.repeated.peakMemory)) + the daemon \(daemonResident) MiB resident",
        peer:
          "sqlite-utils \(self.milliseconds(sqliteUtils.repeated.wallTime)); \(self.milliseconds(sqliteUtils.distinct.wallTime)), "
          + "\(self.mebibytes(sqliteUtils.repeated.peakMemory)); sqlite3 \(self.milliseconds(sqlite3.repeated.wallTime)); "
          + "\(self.milliseconds(sqlite3.distinct.wallTime)), \(self.mebibytes(sqlite3.repeated.peakMemory))",
        ratio:
          "sqlite-utils ÷ quakectl \(self.ratio(sqliteUtils.repeated.wallTime.median, ours.repeated.wallTime.median)); "
          + "\(self.ratio(sqliteUtils.distinct.wallTime.median, ours.distinct.wallTime.median)); sqlite3 ÷ quakectl "
          + "\(self.ratio(sqlite3.repeated.wallTime.median, ours.repeated.wallTime.median)); "
          + "\(self.ratio(sqlite3.distinct.wallTime.median, ours.distinct.wallTime.median))",
        target: "faster than sqlite-utils, both ways; report vs sqlite3",
        met: sqliteUtils.repeated.wallTime.isEmpty
          ? nil
          : ours.repeated.wallTime.median < sqliteUtils.repeated.wallTime.median
            && ours.distinct.wallTime.median < sqliteUtils.distinct.wallTime.median))
    let version = (ours: result(.quakectl, .version), sqlite3: result(.sqlite3, .version))
    let asked = [ours.repeated, ours.distinct].map(\.wallTime.median)
    let shell = [sqlite3.repeated, sqlite3.distinct].map(\.wallTime.median)
    self.report.add(
      .init(
        comparison:
          "quakectl as cheap as the sqlite3 shell, whole process (\(quakes) quakes): the same list, both ways; `--version`",
        ours: "list \(self.milliseconds(ours.repeated.wallTime)); \(self.milliseconds(ours.distinct.wallTime)), "
          + "peak \(self.mebibytes(ours.repeated.peakMemory)); --version \(self.milliseconds(version.ours.wallTime)), "
          + "\(self.mebibytes(version.ours.peakMemory))",
        peer:
          "sqlite3 \(self.milliseconds(sqlite3.repeated.wallTime)); \(self.milliseconds(sqlite3.distinct.wallTime)); "
          + "--version \(self.milliseconds(version.sqlite3.wallTime))",
        ratio: "quakectl ÷ sqlite3 \(self.ratio(asked[0], shell[0])); \(self.ratio(asked[1], shell[1])); "
          + "--version \(self.ratio(version.ours.wallTime.median, version.sqlite3.wallTime.median))",
        target: "list and --version ≤ 2× sqlite3's time; list peak RSS ≤ 10 MiB",
        met: sqlite3.repeated.wallTime.isEmpty
          ? nil
          : zip(asked, shell).allSatisfy { $0 <= 2 * $1 }
            && version.ours.wallTime.median <= 2 * version.sqlite3.wallTime.median
            && ours.repeated.peakMemory.median <= 10 && ours.distinct.peakMemory.median <= 10))
  }
}
