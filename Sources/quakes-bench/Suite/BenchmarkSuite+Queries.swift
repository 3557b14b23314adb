import Foundation
import QuakesTestSupport

extension BenchmarkSuite {
  /// The scripted query and the served queries under load, against a daemon
  /// holding the large cache (and datasette on the peer's file of the same
  /// quakes): two sections and their summary rows.
  mutating func queries(cache: String?, peerDatabase: String?) async throws {
    guard let cache else { throw MeasuredRun.Failure(description: "no cache of \(self.scale.largeCount) quakes was prepared") }
    let runtime = self.work + "/run"
    let daemon = try ChildProcess(
      executable: self.binaries + "/quakesd",
      arguments: ["--state-dir", cache, "--runtime-dir", runtime, "--feed", "all_month", "--feed-base-url", ColdStartBenchmark.unreachableFeeds],
      environment: QuakesdProcess.environment(), mergeStandardError: true)
    defer { daemon.kill() }
    try await daemon.waitForLine(timeout: .seconds(300)) { $0.contains("listening on") }
    let database = cache + "/quakes.sqlite"
    let quakes = self.count(Int(try SQLiteShell.run(database, "SELECT count(*) FROM quakes")) ?? 0)

    try self.scriptedQuery(runtime: runtime, database: database, quakes: quakes)

    var datasette: ChildProcess?
    defer { datasette?.kill() }
    var port: UInt16?
    if let peers = self.peers, let peerDatabase {
      try SQLiteShell.run(peerDatabase, "CREATE INDEX IF NOT EXISTS quakes_time ON quakes(time)")
      let server = try ChildProcess(
        executable: peers.datasette, arguments: ["serve", peerDatabase, "--host", "127.0.0.1", "--port", "0"], mergeStandardError: true)
      datasette = server
      let line = try await server.waitForLine(timeout: .seconds(60)) { $0.contains("running on http://127.0.0.1:") }
      port = line.split(separator: ":").last.flatMap { UInt16($0.prefix { $0.isNumber }) }
    }
    let ids = try SQLiteShell.run(database, "SELECT id FROM quakes ORDER BY random() LIMIT 1000").split(separator: "\n").map(String.init)
    print("served queries: \(quakes) quakes, \(self.scale.loadRounds) rounds of \(self.scale.loadSeconds) s per query and server")
    let comparison = ServedQueryComparison(
      bench: CommandLine.arguments[0], querySocket: runtime + "/query.sock", peerPort: port, ids: ids,
      rounds: self.scale.loadRounds, seconds: self.scale.loadSeconds, connections: self.scale.loadConnections,
      depth: self.scale.loadDepth, work: self.work)
    let result = try comparison.run()
    // The same list load with one request in flight per connection: how much
    // of the pipelined p99 is waiting in line (Little's law) rather than work.
    let oneInFlight = try ServedQueryComparison(
      queries: [.list], bench: comparison.bench, querySocket: comparison.querySocket, peerPort: nil, ids: ids,
      rounds: comparison.rounds, seconds: comparison.seconds, connections: comparison.connections, depth: 1, work: self.work
    ).run().ours[.list] ?? []
    let memory = try ProcessMemory(of: daemon.processIdentifier)
    self.servedQueries(result, comparison: comparison, oneInFlight: oneInFlight, quakes: quakes, memory: memory)
  }

  private mutating func scriptedQuery(runtime: String, database: String, quakes: String) throws {
    print("scripted query: \(quakes) quakes")
    let comparison = ScriptedQueryComparison(
      quakectl: self.binaries + "/quakectl", runtimeDirectory: runtime, database: database,
      sqliteUtils: self.peers?.sqliteUtils, sqlite3: PeerTools.sqlite3, rounds: self.scale.queryRounds)
    let result = try comparison.run()
    var table = MarkdownTable("tool", "wall time, ms", "peak RSS, MiB", "÷ quakectl")
    table.add("`\(comparison.commands[0])`", result.ours.text(2), result.oursMemory.text(), "1.0×")
    table.add("`\(comparison.commands[1])`", result.sqliteUtils.text(2), result.sqliteUtilsMemory.text(), self.ratio(result.sqliteUtils.median, result.ours.median))
    table.add("`\(comparison.commands[2])`", result.sqlite3.text(2), result.sqlite3Memory.text(), self.ratio(result.sqlite3.median, result.ours.median))
    self.report.addSection(
      "A scripted query, whole process",
      """
      The newest 20 quakes as JSON, from a cache of \(quakes) quakes: what a script does instead of \
      opening the database itself. quakectl asks the running daemon; the SQLite tools run \
      `\(ScriptedQueryComparison.sql)` on the daemon's file (indexed on `time`). \
      \(self.scale.queryRounds) runs of each, in an order that rotates; output to /dev/null.

      \(table.text)

      Raw figures, ms in round order: quakectl \(result.ours.raw(2)); sqlite-utils \(result.sqliteUtils.raw(2)); \
      sqlite3 \(result.sqlite3.raw(2))
      """)
    self.report.add(
      .init(
        comparison: "one scripted query, whole process (\(quakes) quakes)",
        ours: "quakectl \(self.milliseconds(result.ours))",
        peer: "sqlite-utils \(self.milliseconds(result.sqliteUtils)); sqlite3 \(self.milliseconds(result.sqlite3))",
        ratio: "\(self.ratio(result.sqliteUtils.median, result.ours.median)) faster than sqlite-utils; "
          + "\(self.ratio(result.sqlite3.median, result.ours.median)) vs sqlite3",
        target: "faster than sqlite-utils; report vs sqlite3",
        met: result.sqliteUtils.isEmpty ? nil : result.ours.median < result.sqliteUtils.median))
  }

  private mutating func servedQueries(
    _ result: ServedQueryComparison.Result, comparison: ServedQueryComparison, oneInFlight: [LoadGenerator.Outcome],
    quakes: String, memory: ProcessMemory
  ) {
    let unpipelinedRate = Samples(oneInFlight.map(\.throughput))
    let unpipelinedP50 = Samples(oneInFlight.map(\.p50))
    let unpipelinedP99 = Samples(oneInFlight.map(\.p99))
    var table = MarkdownTable("query", "quakesd, replies/s", "quakesd p50 / p99, ms", "datasette, replies/s", "datasette p50 / p99, ms", "throughput ÷ datasette")
    var raw: [String] = []
    var generatorShare: [Double] = []
    for query in ServedQueryComparison.Query.allCases {
      let ours = result.ours[query] ?? []
      let peer = result.peer[query] ?? []
      func summary(_ outcomes: [LoadGenerator.Outcome]) -> (Samples, Samples, Samples) {
        (Samples(outcomes.map(\.throughput)), Samples(outcomes.map(\.p50)), Samples(outcomes.map(\.p99)))
      }
      let (oursRate, oursP50, oursP99) = summary(ours)
      let (peerRate, peerP50, peerP99) = summary(peer)
      generatorShare += ours.map { $0.generatorCPUSeconds / (comparison.seconds + min(1, comparison.seconds / 2)) }
      table.add(
        query.title, oursRate.text(0), "\(oursP50.text(2)) / \(oursP99.text(2))", peerRate.text(0),
        peer.isEmpty ? "—" : "\(peerP50.text(2)) / \(peerP99.text(2))", self.ratio(oursRate.median, peerRate.median))
      raw.append("- \(query.title): quakesd replies/s \(oursRate.raw(0)), p99 \(oursP99.raw(2)); datasette replies/s \(peerRate.raw(0)), p99 \(peerP99.raw(2))")
      let listTarget =
        query == .list
        ? String(format: "; with 1 in flight per connection: %.0f/s, p99 %.2f ms", unpipelinedRate.median, unpipelinedP99.median) : ""
      self.report.add(
        .init(
          comparison: "served \(query.title), \(comparison.connections) pipelined connections (\(quakes) quakes)",
          ours: "\(String(format: "%.0f", oursRate.median))/s, p99 \(String(format: "%.2f", oursP99.median)) ms",
          peer: peer.isEmpty ? "—" : "\(String(format: "%.0f", peerRate.median))/s, p99 \(String(format: "%.2f", peerP99.median)) ms",
          ratio: (peer.isEmpty ? "—" : "\(self.ratio(oursRate.median, peerRate.median)) throughput") + listTarget,
          target: query == .list ? "≥ 10× throughput; p99 < 5 ms" : "≥ 10× throughput",
          met: peer.isEmpty ? nil : oursRate.median >= 10 * peerRate.median && (query != .list || oursP99.median < 5)))
    }
    let share = Samples(generatorShare)
    self.report.addSection(
      "Served queries under load",
      """
      `quakes-bench load` (a process of its own: raw sockets and `poll`, no code of quakesd's) \
      keeps \(comparison.connections) connections busy with \(comparison.depth) requests in flight on each, \
      for \(comparison.seconds) s after a warm-up, against quakesd's query socket (\(quakes) quakes in \
      its cache) and against datasette's JSON API on geojson-to-sqlite's file of the same quakes \
      (with an index on `time` added), \(self.scale.loadRounds) rounds alternating which goes first. \
      Latency runs from when a request is queued to its reply's last byte, so it includes waiting \
      behind the requests ahead of it on its connection.

      ```sh
      quakes-bench load --unix query.sock --framing lines --requests FILE \(comparison.loadOptions.joined(separator: " "))
      quakes-bench load --tcp PORT --framing http --requests FILE \(comparison.loadOptions.joined(separator: " "))
      # quakesd:   {"method":"quakes.count"} | {"method":"quakes.get","params":{"id":ID}} | {"method":"quakes.list","params":{"limit":100}}
      # datasette: /peer.json?sql=select+count(*)+from+quakes&_shape=array | /peer/quakes/ID.json?_shape=array
      #            | /peer/quakes.json?_sort_desc=time&_size=100&_shape=array&_nocount=1
      ```

      \(table.text)

      The same list load with one request in flight per connection (\(comparison.connections) in all): \
      \(unpipelinedRate.text(0)) replies/s, p50 \(unpipelinedP50.text(2)) ms, p99 \(unpipelinedP99.text(2)) ms. \
      With \(comparison.connections * comparison.depth) requests in flight, a reply cannot come sooner on \
      average than \(comparison.connections * comparison.depth) ÷ throughput (Little's law), so the \
      pipelined latency is mostly the wait behind the requests ahead on the connection.

      The load generator's own CPU time was \(share.text(2)) of one CPU during the quakesd runs \
      (this machine has \(ProcessInfo.processInfo.activeProcessorCount) logical CPUs, shared by the \
      generator and the server). quakesd's resident memory after all the load: \
      \(String(format: "%.1f", memory.resident)) MiB (peak \(String(format: "%.1f", memory.peak)) MiB). \
      `get` cycles through 1,000 ids chosen at random.

      Raw figures, in round order:

      \(raw.joined(separator: "\n"))
      """)
  }
}
