import Foundation

extension BenchmarkSuite {
  /// Ingest of `feed` by `quakesd --once` and `geojson-to-sqlite`: a section
  /// and two summary rows (fresh file; the same feed again).
  ///
  /// Every ratio divides a whole process by a whole process; the poll alone
  /// inside quakesd has a column of its own and is divided into nothing.
  mutating func ingest(feed: String, name: String, source: String, rounds: Int) async throws -> IngestComparison.Result
  {
    print("ingest: \(source)")
    let result = try await IngestComparison(
      feedPath: feed, feedName: name, binaries: self.binaries, programs: self.programs,
      peer: self.peers?.geojsonToSQLite, rounds: rounds,
      work: self.work + "/ingest-\(name)"
    ).run()
    let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: feed))?[.size] as? Int ?? 0) / 1e6
    let what = "\(self.count(result.quakes)) quakes, \(String(format: "%.1f", megabytes)) MB"
    let again = { (way: IngestComparison.Repeat) in result.oursAgain[way] ?? IngestComparison.RepeatRuns() }

    var table = MarkdownTable(
      "", "quakesd --once, whole process", "geojson-to-sqlite, whole process", "geojson-to-sqlite ÷ quakesd",
      "the poll alone inside quakesd (its log; in-process, not compared)")
    table.add(
      "fresh file, ms", result.oursFresh.text(), result.peerFresh.text(),
      self.ratio(result.peerFresh.median, result.oursFresh.median),
      result.oursFreshPoll.text())
    table.add(
      "peak RSS, fresh file, MiB", result.oursFreshMemory.text(), result.peerFreshMemory.text(),
      self.ratio(result.peerFreshMemory.median, result.oursFreshMemory.median), "")
    for way in IngestComparison.Repeat.allCases {
      let runs = again(way)
      let peer = way == .notModified ? "(no such case)" : result.peerAgain.text()
      let ratio = way == .notModified ? "— (not compared)" : self.ratio(result.peerAgain.median, runs.wallTime.median)
      table.add("again: \(way.title), ms", runs.wallTime.text(), peer, ratio, runs.poll.text())
    }
    let rows = IngestComparison.Repeat.allCases.map { "\(again($0).rowsWritten) (\($0.shortTitle))" }.joined(
      separator: ", ")
    table.add(
      "rows written by the same feed again", rows, self.peers == nil ? "—" : self.count(result.peerRowsAgain), "", "")

    self.report.addSection(
      "Ingest: \(name), \(what)",
      """
      Input: \(source). \(rounds) rounds; in each, a fresh file for each tool, then the same feed again into it: \
      for quakesd in three ways, each a run of its own, for geojson-to-sqlite in its one way.

      ```sh
      # usgs-standin --no-gzip serves the file on 127.0.0.1 as USGS does (ETag, Last-Modified, 304), uncompressed;
      # a second one serves it regenerated: metadata.generated one minute later, every other byte the same
      quakesd --once --state-dir STATE --feed \(name) --feed-base-url http://127.0.0.1:PORT/earthquakes/feed/v1.0/summary/
      geojson-to-sqlite peer.db quakes \((feed as NSString).lastPathComponent) --pk id
      # again, 304:             the same two commands (the peer's run is its again for every row)
      # again, same generated:  UPDATE feeds SET etag = NULL, last_modified = NULL; then quakesd as above
      # again, new generated:   quakesd with --feed-base-url of the second stand-in
      ```

      \(table.text)

      The three ways quakesd gets the same feed again, and what each measures:

      - **\(IngestComparison.Repeat.notModified.title)**: its conditional request (`If-None-Match`) gets a 304; \
      nothing is decoded or written. geojson-to-sqlite has no such case, so this row is compared with nothing.
      - **\(IngestComparison.Repeat.sameGenerated.title)**: its validators are cleared in its file, so the \
      whole body comes again, with the `metadata.generated` quakesd last applied. The reducer skips a batch \
      it has applied already: this run is fetch, decode and that skip, and its 0 rows are guaranteed by \
      the shortcut, not found by a diff.
      - **\(IngestComparison.Repeat.newGenerated.title)**: the feed as USGS serves it when it regenerates it \
      and nothing changed: the same features byte for byte, `metadata.generated` one minute later, so a new \
      ETag and a 200 with the body. quakesd decodes, reduces and diffs every quake and writes only what \
      changed: this row's 0 rows are the diff's finding. It is the work geojson-to-sqlite's again does \
      (read, parse, upsert every feature), so the target is judged on it.

      quakesd's wall time includes the HTTP fetch over 127.0.0.1 (uncompressed: USGS gzips, \
      but compressing is the server's work, and the stand-in would do it on the CPUs quakesd \
      runs on); geojson-to-sqlite reads the file. Rows written are counted by \
      triggers on `quakes` (insert, update, delete) added to both files after the first ingest. \
      Peak RSS is `ru_maxrss` from `wait4`.

      "The poll alone inside quakesd" runs from its `loaded N quakes from the cache` log line to its \
      `polled` line (millisecond timestamps): fetch, decode, reduce, diff and the write, without \
      the process's start-up (loading the Swift runtime, Foundation, libcurl and SQLite, and \
      opening and reading the file) and exit. It is what each poll costs the running daemon, but it \
      is part of a process and the peer's figure is a whole one, so no ratio divides by it. \
      quakesd runs with `--log-level debug` here, so that a 304 and a batch with the `generated` \
      already applied log their `polled` line too (at the default level only a written batch does).

      Raw figures, in round order:

      - quakesd fresh, ms: \(result.oursFresh.raw()); of which the poll: \(result.oursFreshPoll.raw())
      - geojson-to-sqlite fresh, ms: \(result.peerFresh.raw())
      \(IngestComparison.Repeat.allCases.map { "- quakesd again (\($0.shortTitle)), ms: \(again($0).wallTime.raw())" + (again($0).poll.isEmpty ? "" : "; of which the poll: \(again($0).poll.raw())") }.joined(separator: "\n"))
      - geojson-to-sqlite again, ms: \(result.peerAgain.raw())
      - peak RSS, MiB: quakesd \(result.oursFreshMemory.raw()); geojson-to-sqlite \(result.peerFreshMemory.raw())
      """)

    self.addIngestSummary(result, name: name, what: what)
    return result
  }

  private mutating func addIngestSummary(_ result: IngestComparison.Result, name: String, what: String) {
    let again = { (way: IngestComparison.Repeat) in result.oursAgain[way] ?? IngestComparison.RepeatRuns() }
    let speedUp = result.peerFresh.median / result.oursFresh.median
    let memoryRatio = result.oursFreshMemory.median / result.peerFreshMemory.median
    self.report.add(
      .init(
        comparison: "ingest \(name) (\(what)) into a fresh file, whole process",
        ours:
          "\(self.milliseconds(result.oursFresh)), \(self.mebibytes(result.oursFreshMemory)) (the poll alone, in-process: \(self.milliseconds(result.oursFreshPoll)))",
        peer: self.peers == nil
          ? "—" : "\(self.milliseconds(result.peerFresh)), \(self.mebibytes(result.peerFreshMemory))",
        ratio: self.peers == nil
          ? "—"
          : "\(self.ratio(result.peerFresh.median, result.oursFresh.median)) faster, "
            + "\(self.ratio(result.peerFreshMemory.median, result.oursFreshMemory.median)) less memory",
        target: "≥ 10× faster, ≤ ½ peak RSS",
        met: self.peers == nil ? nil : speedUp >= 10 && memoryRatio <= 0.5))
    let newGenerated = again(.newGenerated)
    let againSpeedUp = result.peerAgain.median / newGenerated.wallTime.median
    let noRows = IngestComparison.Repeat.allCases.allSatisfy { again($0).rowsWritten == 0 }
    self.report.add(
      .init(
        comparison: "the same \(name) again (nothing changed), whole process",
        ours: IngestComparison.Repeat.allCases.map {
          "\($0.shortTitle): \(self.milliseconds(again($0).wallTime)), \(again($0).rowsWritten) rows"
        }
        .joined(separator: "; "),
        peer: self.peers == nil
          ? "—" : "\(self.milliseconds(result.peerAgain)), \(self.count(result.peerRowsAgain)) rows",
        ratio: self.peers == nil
          ? "—"
          : "\(self.ratio(result.peerAgain.median, newGenerated.wallTime.median)) faster (new generated); "
            + "\(self.ratio(result.peerAgain.median, again(.sameGenerated).wallTime.median)) (same generated, skipped)",
        target: "0 rows written; ≥ 20× faster (new generated)",
        met: self.peers == nil ? nil : noRows && againSpeedUp >= 20))
  }

  /// `12.3 ms`, a median.
  func milliseconds(_ samples: Samples) -> String {
    samples.isEmpty ? "—" : String(format: samples.median < 10 ? "%.2f ms" : "%.0f ms", samples.median)
  }

  /// `48.1 MiB`, a median.
  func mebibytes(_ samples: Samples) -> String {
    samples.isEmpty ? "—" : String(format: "%.1f MiB", samples.median)
  }
}
