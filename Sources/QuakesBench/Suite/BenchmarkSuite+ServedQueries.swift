import Foundation

extension BenchmarkSuite {
  /// The served-query section and a summary row per kind of query.
  mutating func servedQueries(
    _ result: ServedQueryComparison.Result, comparison: ServedQueryComparison,
    oneInFlight: ServedQueryComparison.Result,
    quakes: String, memory: ProcessMemory
  ) {
    var table = MarkdownTable(
      "query", "quakesd, replies/s", "quakesd p50 / p99, ms", "datasette, replies/s", "datasette p50 / p99, ms",
      "throughput ÷ datasette")
    var raw: [String] = []
    var generatorShare: [Double] = []
    var unpipelined: [String] = []
    for query in comparison.queries {
      let ours = LoadFigures(result.ours[query] ?? [])
      let peer = LoadFigures(result.peer[query] ?? [])
      generatorShare += (result.ours[query] ?? []).map {
        $0.generatorCPUSeconds / (comparison.seconds + comparison.warmup)
      }
      table.add(
        query.title, ours.rate.text(0), "\(ours.p50.text(2)) / \(ours.p99.text(2))", peer.rate.text(0),
        peer.isEmpty ? "—" : "\(peer.p50.text(2)) / \(peer.p99.text(2))", self.ratio(ours.rate.median, peer.rate.median)
      )
      raw.append(
        "- \(query.title): quakesd replies/s \(ours.rate.raw(0)), p99 \(ours.p99.raw(2)); datasette replies/s \(peer.rate.raw(0)), p99 \(peer.p99.raw(2))"
      )
      var oneInFlightText = ""
      if let runs = oneInFlight.ours[query] {
        let figures = LoadFigures(runs)
        unpipelined.append(
          "- \(query.title): \(figures.rate.text(0)) replies/s, p50 \(figures.p50.text(2)) ms, p99 \(figures.p99.text(2)) ms"
        )
        oneInFlightText = String(
          format: "; with 1 in flight per connection: %.0f/s, p99 %.2f ms", figures.rate.median, figures.p99.median)
      }
      let isList = query == .list || query == .listDistinct
      self.report.add(
        .init(
          comparison: "served \(query.title), \(comparison.connections) pipelined connections (\(quakes) quakes)",
          ours: "\(String(format: "%.0f", ours.rate.median))/s, p99 \(String(format: "%.2f", ours.p99.median)) ms",
          peer: peer.isEmpty
            ? "—" : "\(String(format: "%.0f", peer.rate.median))/s, p99 \(String(format: "%.2f", peer.p99.median)) ms",
          ratio: (peer.isEmpty ? "—" : "\(self.ratio(ours.rate.median, peer.rate.median)) throughput")
            + oneInFlightText,
          target: isList ? "≥ 10× throughput; p99 < 5 ms" : "≥ 10× throughput",
          met: peer.isEmpty ? nil : ours.rate.median >= 10 * peer.rate.median && (!isList || ours.p99.median < 5)))
    }
    let share = Samples(generatorShare)
    self.report.addSection(
      "Served queries under load",
      """
      `quakes-bench load` (a process of its own: raw sockets and `poll`; of quakesd's code only its Unix socket address) \
      keeps \(comparison.connections) connections busy with \(comparison.depth) requests in flight on each, \
      for \(comparison.seconds) s after a warm-up, against quakesd's query socket (\(quakes) quakes in \
      its cache) and against datasette's JSON API on geojson-to-sqlite's file of the same quakes \
      (with an index on `time` added), \(self.scale.loadRounds) rounds alternating which goes first. \
      Latency runs from when a request is queued to its reply's last byte, so it includes waiting \
      behind the requests ahead of it on its connection.

      ```sh
      quakes-bench load --unix query.sock --framing lines --requests FILE \(comparison.loadOptions.joined(separator: " "))
      quakes-bench load --tcp PORT --framing http --requests FILE \(comparison.loadOptions.joined(separator: " "))
      # (the distinct list: FILE holds distinct requests, and --each-once sends each once)
      datasette serve -i peer.db --host 127.0.0.1 --port 0
      # quakesd:   {"method":"quakes.count"} | {"method":"quakes.get","params":{"id":ID}} | {"method":"quakes.list","params":{"limit":100}}
      #            | {"method":"quakes.list","params":{"limit":100,"until":"\(DistinctUntil.iso8601(7))"}} (request 7)
      # datasette: /peer.json?sql=select+count(*)+from+quakes&_shape=array | /peer/quakes/ID.json?_shape=array
      #            | /peer/quakes.json?_sort_desc=time&_size=100&_shape=array&_nocount=1 (&time__lt=\(DistinctUntil.milliseconds(7)) for request 7)
      ```

      \(table.text)

      What a cache answers, on each side:

      - quakesd keeps encoded `quakes.list` results by their parameters (ListCache, valid while the \
      quakes are unchanged). With the same parameters every request, every request after the first is \
      answered from it: that row measures the socket, the framing and a cache lookup. With distinct \
      parameters (request `i` adds `until` \(DistinctUntil.iso8601(0)) plus `i` seconds, after every quake, so \
      the same answer) none is: that row measures the selector and the encoding as well. `count` and `get` \
      are never cached (the state's size; one lookup by id).
      - datasette caches no results; it is run with `-i` (immutable), as a user serving a file nothing \
      writes to would run it, so SQLite opens the file read-only without locking. SQLite's page cache is \
      warm for both servers after the warm-up. The distinct datasette requests carry the same bounds \
      (`time__lt`), so both sides answer the same questions.

      The list loads with one request in flight per connection (\(comparison.connections) in all): \
      with \(comparison.connections * comparison.depth) requests in flight, a reply cannot come sooner on \
      average than \(comparison.connections * comparison.depth) ÷ throughput (Little's law), so the \
      pipelined latency is mostly the wait behind the requests ahead on the connection.

      \(unpipelined.joined(separator: "\n"))

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
