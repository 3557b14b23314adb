import Foundation

extension BenchmarkSuite {
  /// Issue 16's full list, streamed: a section and a summary row.
  mutating func fullList(_ result: FullListBenchmark.Result, benchmark: FullListBenchmark, quakes: String) {
    func figures(_ runs: [FullListBenchmark.Run]) -> (first: Samples, last: Samples, megabytes: Samples) {
      (
        Samples(runs.map(\.firstByte)), Samples(runs.map(\.lastByte)),
        Samples(runs.map { Double($0.bytes) / 1_000_000 })
      )
    }
    let ours = figures(result.ours)
    let peer = figures(result.peer)
    let rise = Samples(result.ours.compactMap(\.memoryRise))
    var table = MarkdownTable("server", "first byte, ms", "last byte, ms", "reply, MB", "daemon's memory rise, MiB")
    table.add("quakesd (JSON lines)", ours.first.text(2), ours.last.text(0), ours.megabytes.text(1), rise.text(1))
    table.add("datasette (CSV stream)", peer.first.text(2), peer.last.text(0), peer.megabytes.text(1), "—")
    self.report.addSection(
      "A full list, streamed",
      """
      Every cached quake (\(quakes)) asked for at once, \(benchmark.rounds) times, one request at a time on a \
      fresh connection, each with an `until` of its own so no cache answers it. quakesd streams the list in \
      lines of 500 quakes as it encodes them (`"more":true`); datasette's JSON stops at its \
      `max_returned_rows` (1,000), so it streams CSV instead, a smaller encoding of the same rows. \
      The memory rise is the daemon's peak resident memory during the request (`VmHWM`, reset through \
      `/proc/PID/clear_refs` just before) above its resident memory before it: what the reply holds \
      (not measured, "—", where that file cannot be written).

      ```sh
      # quakesd:   {"method":"quakes.list","params":{"until":"\(DistinctUntil.iso8601(7))"},"more":true} (request 7)
      # datasette: GET /peer/quakes.csv?_stream=on&_sort_desc=time&time__lt=\(DistinctUntil.milliseconds(7))
      ```

      \(table.text)

      Raw figures, in round order: quakesd first byte \(ours.first.raw(2)) ms, last byte \(ours.last.raw(0)) ms, \
      memory rise \(rise.raw(1)) MiB; datasette first byte \(peer.first.raw(2)) ms, last byte \(peer.last.raw(0)) ms.
      """)
    self.report.add(
      .init(
        comparison: "a full list, streamed (\(quakes) quakes): first byte; the daemon's memory rise",
        ours: String(format: "%.2f ms (all in %.0f ms); ", ours.first.median, ours.last.median)
          + (rise.isEmpty ? "memory rise not measured" : String(format: "+%.1f MiB", rise.median)),
        peer: peer.first.isEmpty
          ? "—" : String(format: "CSV: %.2f ms (all in %.0f ms)", peer.first.median, peer.last.median),
        ratio: peer.first.isEmpty
          ? "—" : "last byte: datasette ÷ quakesd " + self.ratio(peer.last.median, ours.last.median),
        target: "first byte ≤ 50 ms; a bounded buffer, not the reply",
        met: rise.isEmpty ? nil : ours.first.median <= 50 && rise.median < 16))
  }
}
