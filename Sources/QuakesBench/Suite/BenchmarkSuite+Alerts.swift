import Foundation

extension BenchmarkSuite {
  /// Issue 17's two goals: what evaluating the rules costs a batch, and how
  /// soon a webhook hears of a quake.
  mutating func alerts() async throws {
    print("alerts: evaluating \(self.scale.alertRules) rules on \(self.count(self.scale.alertBatch)) quakes")
    let evaluation = try AlertEvaluationBenchmark.run(
      rules: self.scale.alertRules, quakes: self.scale.alertBatch, rounds: self.scale.alertEvaluationRounds)
    print("alerts: commit to webhook, \(self.scale.alertLatencyRounds) quakes")
    let latency = try await AlertLatencyBenchmark(
      programs: self.programs, work: self.work, rounds: self.scale.alertLatencyRounds
    ).run()
    let sorted = latency.values.sorted()
    let p90 = sorted.isEmpty ? Double.nan : sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
    self.report.addSection(
      "Alerts",
      """
      **Evaluating the rules.** `AlertEvaluation` (what the listener runs on each committed diff) with \
      \(self.scale.alertRules) rules — magnitude thresholds, 300 km circles, boxes, PAGER levels, felt \
      reports, a place search, tsunami — on a batch of \(self.count(self.scale.alertBatch)) quakes, in the \
      process (no I/O), \(self.scale.alertEvaluationRounds) rounds. Inserted: every quake new and young \
      enough to be announced, the worst case (a first load's old quakes are skipped before any rule); \
      updated: every quake revised, so each rule tests it before and after. Each round must fire the same \
      (\(self.count(evaluation.insertedFirings)) and \(self.count(evaluation.updatedFirings)) firings).

      | batch | ms per evaluation, median (min–max) |
      |---|---|
      | \(self.count(self.scale.alertBatch)) inserted | \(evaluation.inserted.text(2)) |
      | \(self.count(self.scale.alertBatch)) updated | \(evaluation.updated.text(2)) |

      **Commit to webhook.** The real quakesd with a file cache polls the stand-in; each round the feed \
      gains one M6.5 quake, `quakes.refresh` asks for it on control.sock, and a rule's webhook posts it \
      to a receiver on 127.0.0.1 (SwiftNIO, answering 200 at once). Latency is from the event's `firedAt` \
      (when the fetch's result reached the store, before the reducer, the diff, the evaluation and the \
      SQLite commit) to the request's last byte at the receiver, so it bounds commit-to-webhook from \
      above; the first poll at start is a warm-up. \(latency.values.count) quakes: median \
      \(String(format: "%.1f", latency.median)) ms, p90 \(String(format: "%.1f", p90)) ms, \
      max \(String(format: "%.1f", latency.maximum)) ms.

      Raw figures (ms), in order: \(latency.raw(1))
      """)
    self.report.add(
      .init(
        comparison:
          "alert rules: \(self.scale.alertRules) rules on a \(self.count(self.scale.alertBatch))-quake batch (inserted / updated)",
        ours:
          "\(String(format: "%.2f", evaluation.inserted.median)) / \(String(format: "%.2f", evaluation.updated.median)) ms",
        peer: "—", ratio: "—", target: "≤ 10 ms",
        met: self.scale.alertBatch < 10_000 ? nil : max(evaluation.inserted.median, evaluation.updated.median) <= 10))
    self.report.add(
      .init(
        comparison: "alerts: from a poll's commit to the webhook receiving it, p50 (fetch → request, an upper bound)",
        ours: String(format: "%.1f ms (p90 %.1f ms)", latency.median, p90), peer: "—", ratio: "—",
        target: "p50 ≤ 50 ms", met: latency.median <= 50))
  }
}
