import Foundation
import QuakesTestSupport

extension BenchmarkSuite {
  /// The targets of cold start (ms) and resident memory (MB) by cache size;
  /// the smoke run's sizes have none.
  private static let readyTargets: [Int: Double] = [100_000: 1_000, 1_000_000: 5_000]
  private static let residentTargets: [Int: Double] = [100_000: 100]

  /// Cold start to READY=1 and resident memory at each cache size: a
  /// section and two summary rows.
  mutating func coldStart(_ inputs: BenchmarkInputs) async throws {
    var table = MarkdownTable(
      "cached quakes", "to READY=1, ms", "RSS after READY=1, MiB", "peak RSS, MiB", "RSS per quake, bytes",
      "database file, MB")
    var raw: [String] = []
    var ready: [String] = []
    var resident: [String] = []
    var readyMet: Bool?
    var residentMet: Bool?
    print("cold start: an empty cache")
    let emptyState = try TemporaryDirectory()
    defer { emptyState.remove() }
    let empty = try await ColdStartBenchmark(state: emptyState.path, rounds: self.scale.coldStartRounds).run()
    table.add("0", empty.ready.text(0), empty.resident.text(), empty.peak.text(), "—", "—")
    for count in self.scale.cacheCounts {
      guard let state = inputs.caches[count] else { continue }
      print("cold start: \(self.count(count)) quakes")
      let result = try await ColdStartBenchmark(state: state, rounds: self.scale.coldStartRounds).run()
      let size =
        Double((try? FileManager.default.attributesOfItem(atPath: state + "/quakes.sqlite"))?[.size] as? Int ?? 0) / 1e6
      let perQuake = (result.resident.median - empty.resident.median) * 1_048_576 / Double(count)
      table.add(
        self.count(count), result.ready.text(0), result.resident.text(), result.peak.text(),
        String(format: "%.0f", perQuake), String(format: "%.0f", size))
      raw.append("- \(self.count(count)): ms \(result.ready.raw(0)); RSS MiB \(result.resident.raw())")
      ready.append("\(self.count(count)): \(self.milliseconds(result.ready))")
      resident.append("\(self.count(count)): \(self.mebibytes(result.resident))")
      if let target = Self.readyTargets[count] { readyMet = (readyMet ?? true) && result.ready.median < target }
      if let target = Self.residentTargets[count] {
        residentMet = (residentMet ?? true) && result.resident.median * 1.048_576 < target
      }
    }
    self.report.addSection(
      "Cold start and resident memory",
      """
      `quakesd` started on an existing cache, with `NOTIFY_SOCKET` pointing at a socket the \
      benchmark listens on: the time from `posix_spawn` to `READY=1` (database opened, every quake \
      read into the store, both sockets listening), then `VmRSS` and `VmHWM` from \
      `/proc/PID/status`. \(self.scale.coldStartRounds) starts per size, each stopped with SIGTERM. \
      RSS per quake is the median RSS above an empty cache's, divided by the quakes cached: what one \
      quake costs in the store, the state's index and the allocator (the libraries' pages are in the \
      empty cache's figure). \
      The caches are written by quakesd's own decoder and SQLite store from synthetic feeds of \
      at most 100,000 quakes each (see `Sources/QuakesBench/Inputs`).

      \(table.text)

      Raw figures, in start order:

      \(raw.joined(separator: "\n"))
      """)
    self.report.add(
      .init(
        comparison: "cold start to READY=1", ours: ready.joined(separator: "; "), peer: "—", ratio: "—",
        target: "< 1 s at 100,000; < 5 s at 1,000,000", met: readyMet))
    self.report.add(
      .init(
        comparison: "resident memory after start", ours: resident.joined(separator: "; "), peer: "—", ratio: "—",
        target: "< 100 MB at 100,000", met: residentMet))
  }

  /// One reducer step at each state size, the state's persistent
  /// collections against a Dictionary: a section and a summary row.
  mutating func reducer() throws {
    print("reducer step")
    let rows = try ReducerBenchmark.run(sizes: self.scale.reducerSizes)
    var table = MarkdownTable(
      "quakes in the state", "IndexedQuakes, µs per step", "Dictionary, µs per step", "Dictionary ÷ IndexedQuakes")
    for row in rows {
      table.add(
        self.count(row.size), String(format: "%.2f", row.tree), String(format: "%.2f", row.dictionary),
        self.ratio(row.dictionary, row.tree))
    }
    self.report.addSection(
      "Reducer step",
      """
      One reducer step that adds one quake to a state of n quakes while the old state stays alive \
      (the store hands both to the listener), with the state's quakes in `IndexedQuakes` (ours: a \
      `TreeDictionary` by id and B+trees by time and by magnitude; the step copies O(log n) nodes of \
      each) and the same step on a `Dictionary` (it copies the whole table, and keeps no order). \
      Mean of many steps (`quakes-bench reducer`).

      \(table.text)
      """)
    guard let first = rows.first, let last = rows.last else { return }
    // O(log n) doubles the work from 1,000 to 1,000,000 quakes, and cache
    // misses add to it; linear is 1,000×. Judged only over such a span.
    let growth = last.tree / first.tree
    let span = Double(last.size) / Double(first.size)
    self.report.add(
      .init(
        comparison: "reducer step, one quake added (\(self.count(first.size)) → \(self.count(last.size)))",
        ours: String(format: "%.2f → %.2f µs", first.tree, last.tree),
        peer: String(format: "Dictionary %.2f → %.2f µs", first.dictionary, last.dictionary),
        ratio: "\(self.ratio(last.dictionary, last.tree)) at \(self.count(last.size))",
        target: "flat (O(log n)) vs linear",
        met: span < 100 ? nil : growth < 10 && last.dictionary / first.dictionary > 10 * growth))
  }
}
