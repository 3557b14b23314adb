import Foundation

extension BenchmarkSuite {
  /// Ingest of `feed` by `quakesd --once` and `geojson-to-sqlite`: a section
  /// and two summary rows (fresh file; the same feed again).
  mutating func ingest(feed: String, name: String, source: String, rounds: Int) async throws -> IngestComparison.Result {
    print("ingest: \(source)")
    let result = try await IngestComparison(
      feedPath: feed, feedName: name, binaries: self.binaries, peer: self.peers?.geojsonToSQLite, rounds: rounds,
      work: self.work + "/ingest-\(name)"
    ).run()
    let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: feed))?[.size] as? Int ?? 0) / 1e6
    let what = "\(self.count(result.quakes)) quakes, \(String(format: "%.1f", megabytes)) MB"

    var table = MarkdownTable("", "quakesd --once", "geojson-to-sqlite", "geojson-to-sqlite ÷ quakesd")
    table.add("fresh file, ms", result.oursFirst.text(), result.peerFirst.text(), self.ratio(result.peerFirst.median, result.oursFirst.median))
    table.add("of which the poll inside quakesd (its log), ms", result.oursPollFirst.text(), "", self.ratio(result.peerFirst.median, result.oursPollFirst.median))
    table.add("peak RSS, fresh file, MiB", result.oursMemory.text(), result.peerMemory.text(), self.ratio(result.peerMemory.median, result.oursMemory.median))
    table.add(
      "same feed again, body re-sent, ms", result.oursRefetched.text(), result.peerAgain.text(),
      self.ratio(result.peerAgain.median, result.oursRefetched.median))
    table.add(
      "of which the poll inside quakesd, ms", result.oursPollRefetched.text(), "",
      self.ratio(result.peerAgain.median, result.oursPollRefetched.median))
    table.add("same feed again, 304 Not Modified, ms", result.oursAgain.text(), "(no such case)", self.ratio(result.peerAgain.median, result.oursAgain.median))
    let peerRows = self.peers == nil ? "—" : self.count(result.peerRowsAgain)
    table.add("rows written by the same feed again", "\(result.oursRowsRefetched) (re-sent), \(result.oursRowsAgain) (304)", peerRows, "")

    self.report.addSection(
      "Ingest: \(name), \(what)",
      """
      Input: \(source). \(rounds) rounds; in each, a fresh file for each tool, then the same feed again into it.

      ```sh
      # usgs-standin --no-gzip serves the file on 127.0.0.1 as USGS does (ETag, Last-Modified, 304), uncompressed
      quakesd --once --state-dir STATE --feed \(name) --feed-base-url http://127.0.0.1:PORT/earthquakes/feed/v1.0/summary/
      geojson-to-sqlite peer.db quakes \((feed as NSString).lastPathComponent) --pk id
      # again: the same two commands; for "body re-sent", first: UPDATE feeds SET etag = NULL, last_modified = NULL
      ```

      \(table.text)

      quakesd's wall time includes the HTTP fetch over 127.0.0.1 (uncompressed: USGS gzips, \
      but compressing is the server's work, and the stand-in would do it on the CPUs quakesd \
      runs on); geojson-to-sqlite reads the file. Rows written are counted by \
      triggers on `quakes` (insert, update, delete) added to both files after the first ingest. \
      Peak RSS is `ru_maxrss` from `wait4`.

      "The poll inside quakesd" runs from its `loaded N quakes from the cache` log line to its \
      `polled` line (millisecond timestamps): fetch, decode, reduce, diff and the write, without \
      the process's start-up (loading the Swift runtime, Foundation, libcurl and SQLite, and \
      opening the file) and exit. It is what each poll costs the running daemon.

      Raw figures, in round order:

      - quakesd fresh, ms: \(result.oursFirst.raw())
      - of which the poll, ms: \(result.oursPollFirst.raw()); again (re-sent): \(result.oursPollRefetched.raw())
      - geojson-to-sqlite fresh, ms: \(result.peerFirst.raw())
      - quakesd again (re-sent), ms: \(result.oursRefetched.raw())
      - quakesd again (304), ms: \(result.oursAgain.raw())
      - geojson-to-sqlite again, ms: \(result.peerAgain.raw())
      - peak RSS, MiB: quakesd \(result.oursMemory.raw()); geojson-to-sqlite \(result.peerMemory.raw())
      """)

    let speedUp = result.peerFirst.median / result.oursFirst.median
    let memoryRatio = result.oursMemory.median / result.peerMemory.median
    self.report.add(
      .init(
        comparison: "ingest \(name) (\(what)) into a fresh file, whole process",
        ours: "\(self.milliseconds(result.oursFirst)) (the poll itself \(self.milliseconds(result.oursPollFirst))), \(self.mebibytes(result.oursMemory))",
        peer: self.peers == nil ? "—" : "\(self.milliseconds(result.peerFirst)), \(self.mebibytes(result.peerMemory))",
        ratio: self.peers == nil
          ? "—"
          : "\(self.ratio(result.peerFirst.median, result.oursFirst.median)) faster, "
            + "\(self.ratio(result.peerMemory.median, result.oursMemory.median)) less memory",
        target: "≥ 10× faster, ≤ ½ peak RSS",
        met: self.peers == nil ? nil : speedUp >= 10 && memoryRatio <= 0.5))
    let againSpeedUp = result.peerAgain.median / result.oursRefetched.median
    self.report.add(
      .init(
        comparison: "the same \(name) again (nothing changed)",
        ours: "\(self.milliseconds(result.oursRefetched)) (the poll itself \(self.milliseconds(result.oursPollRefetched))), \(result.oursRowsRefetched) rows (body re-sent); "
          + "\(self.milliseconds(result.oursAgain)), \(result.oursRowsAgain) rows (304)",
        peer: self.peers == nil ? "—" : "\(self.milliseconds(result.peerAgain)), \(self.count(result.peerRowsAgain)) rows",
        ratio: self.peers == nil ? "—" : "\(self.ratio(result.peerAgain.median, result.oursRefetched.median)) faster (re-sent)",
        target: "0 rows written; ≥ 20× faster",
        met: self.peers == nil ? nil : result.oursRowsRefetched == 0 && result.oursRowsAgain == 0 && againSpeedUp >= 20))
    return result
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
