import Foundation

extension BenchmarkSuite {
  /// Issue 16's first answers: each question asked with parameters no
  /// earlier request had, one at a time; a section and a summary row.
  mutating func firstAnswers(_ result: ServedQueryComparison.Result, comparison: ServedQueryComparison, quakes: String)
  {
    var table = MarkdownTable(
      "query", "quakesd p50 / p99, ms", "replies/s", "datasette p50 / p99, ms", "replies/s", "quakesd met")
    var raw: [String] = []
    var worstMedian = 0.0
    var worstTail = 0.0
    for query in comparison.queries {
      let ours = LoadFigures(result.ours[query] ?? [])
      let peer = LoadFigures(result.peer[query] ?? [])
      worstMedian = max(worstMedian, ours.p50.median)
      worstTail = max(worstTail, ours.p99.median)
      table.add(
        query.title, "\(ours.p50.text(2)) / \(ours.p99.text(2))", ours.rate.text(0),
        peer.isEmpty ? "— (no distance in datasette)" : "\(peer.p50.text(2)) / \(peer.p99.text(2))",
        peer.isEmpty ? "—" : peer.rate.text(0), ours.p50.median <= 5 && ours.p99.median <= 10 ? "yes" : "**no**")
      raw.append(
        "- \(query.title): quakesd p50 \(ours.p50.raw(2)), p99 \(ours.p99.raw(2)); datasette p50 \(peer.p50.raw(2)), p99 \(peer.p99.raw(2))"
      )
    }
    self.report.addSection(
      "First answers",
      """
      What a script meets: each question asked the first time. One connection, one request in flight, \
      for \(comparison.seconds) s after a warm-up, \(comparison.rounds) rounds alternating which server goes \
      first; every request carries an `until` of its own (\(DistinctUntil.iso8601(0)) plus `i` seconds, \
      after every quake: the same answer, but parameters no earlier request had), so quakesd's ListCache \
      answers none of them, and datasette (which caches no results) gets the same bound as `time__lt`. \
      Neither counts the matches: quakesd's `quakes.list` counts them only when asked (protocol 2), and \
      datasette's array shape does not (its default shape counts, but also suggests facets: 3.2 s a \
      request at 100,000 quakes, measured by hand). Latency is from sending a request to its reply's last byte, so it includes \
      encoding and the socket.

      ```sh
      quakes-bench load --unix query.sock --framing lines --requests FILE --each-once \(comparison.loadOptions.joined(separator: " "))
      # quakesd:   {"method":"quakes.list","params":{PARAMS,"until":"\(DistinctUntil.iso8601(7))"}} (request 7)
      # datasette: /peer/quakes.json?QUERY&_shape=array&time__lt=\(DistinctUntil.milliseconds(7))
      ```

      \(table.text)

      How quakesd answers them: from its database, through the read-only connections and the \
      indexes of docs/schema.md (`CatalogueReader`, docs/architecture.md): newest, largest, a magnitude, \
      time or network bound read a range of an index and stop once the page is full; a search tests each \
      quake the time index leads to until the page is full; a circle or box asks the R*Tree first. \
      datasette's file has an index on `time` only (as geojson-to-sqlite and the previous section leave \
      it), so its magnitude and significance sorts scan.

      Raw figures, in round order:

      \(raw.joined(separator: "\n"))
      """)
    self.report.add(
      .init(
        comparison:
          "first answers, distinct params, one at a time (\(quakes) quakes): the worst of \(comparison.queries.count) queries",
        ours: String(format: "p50 %.2f ms, p99 %.2f ms", worstMedian, worstTail),
        peer: "—", ratio: "— (per query in its section)",
        target: "every query ≤ 5 ms median, ≤ 10 ms p99",
        met: worstMedian <= 5 && worstTail <= 10))
  }
}
