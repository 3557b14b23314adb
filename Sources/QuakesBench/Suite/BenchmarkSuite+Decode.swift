import Foundation

extension BenchmarkSuite {
  /// Decoding throughput on the week feed and the large one: a section and
  /// a summary row (the large feed's figures).
  mutating func decode(_ inputs: BenchmarkInputs) async throws {
    var table = MarkdownTable(
      "feed", "GeoJSONFeedDecoder (ours)", "Foundation JSONDecoder", "Python json", "orjson", "ours ÷ orjson")
    var raw: [String] = []
    var results: [DecodeComparison.Result] = []
    for path in [inputs.weekFeed, inputs.largeFeed] {
      print("decode: \(path)")
      let result = try await DecodeComparison(path: path, rounds: self.scale.decodeRounds, python: self.peers?.python)
        .run()
      let name =
        "\((path as NSString).lastPathComponent): \(self.count(result.quakes)) quakes, \(String(format: "%.1f", Double(result.bytes) / 1e6)) MB"
      table.add(
        name, result.ours.text(0), result.foundation.text(0), result.python.text(0), result.orjson.text(0),
        self.ratio(result.ours.median, result.orjson.median))
      raw.append(
        "- \(name): ours \(result.ours.raw(0)); JSONDecoder \(result.foundation.raw(0)); json \(result.python.raw(0)); orjson \(result.orjson.raw(0))"
      )
      results.append(result)
    }
    self.report.addSection(
      "Decoding",
      """
      MB/s (10^6 bytes per second) of decoding a whole feed held in memory. Every decoder is timed \
      the same way, warm and repeated inside its own process: one untimed call first, then \
      \(self.scale.decodeRounds) rounds of one timed call each, the decoders of a process in an order \
      that rotates from round to round. Ours and `JSONDecoder` run in quakes-bench (`ContinuousClock`); \
      `json.loads` and `orjson.loads` in one Python process per feed (`time.perf_counter`), after ours, \
      so neither side's start-up or first call is counted. Every timed call must decode the feed's \
      every feature (Python: `len(result["features"])`), or the benchmark fails. Ours and \
      `JSONDecoder` (with Codable structs for the members a quake needs, as the seed did) produce \
      typed quakes; Python's produce dictionaries of every member and validate nothing, so they do \
      less. docs/decoding.md explains how our decoder gets its speed.

      \(table.text)

      Raw figures, MB/s in round order:

      \(raw.joined(separator: "\n"))
      """)
    guard let large = results.last, let week = results.first else { return }
    self.report.add(
      .init(
        comparison: "decode only (week feed; \(self.count(large.quakes))-quake feed)",
        ours: "\(String(format: "%.0f", week.ours.median)); \(String(format: "%.0f", large.ours.median)) MB/s",
        peer: "JSONDecoder \(String(format: "%.0f", large.foundation.median))"
          + (large.python.isEmpty
            ? ""
            : ", json \(String(format: "%.0f", large.python.median)), orjson \(String(format: "%.0f", large.orjson.median))")
          + " MB/s",
        ratio:
          "\(self.ratio(large.ours.median, large.foundation.median)) JSONDecoder, \(self.ratio(large.ours.median, large.orjson.median)) orjson",
        target: "≥ 400 MB/s on the week feed",
        met: week.ours.median >= 400))
  }
}
