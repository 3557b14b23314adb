import Foundation

extension BenchmarkSuite {
  /// Issue 20's figures: a backfill of a whole catalogue from the stand-in.
  mutating func backfill() async throws {
    print("backfill: \(self.count(self.scale.backfillEvents)) events from the stand-in's FDSN service")
    let figures = try await BackfillBenchmark(
      programs: self.programs, work: self.work, events: self.scale.backfillEvents
    ).run()
    let pacing = Double(max(0, figures.requests - 1)) * 0.6
    self.report.addSection(
      "Backfill",
      """
      **A backfill of \(self.count(self.scale.backfillEvents)) events.** The real quakesd (a file cache, \
      empty at the start) backfills a year from the stand-in's FDSN service (`usgs-standin` \
      `FDSNCatalogue.generated`, gzip as USGS sends it): `quakectl backfill --wait` from its start to its \
      exit. quakesd counted first and split the year into \(figures.windows) \(figures.windows == 1 ? "window" : "windows") of at most \
      20,000 events, \(figures.requests) requests in all, one at a time with the default `fdsn-interval` of 0.6 s \
      between them (\(String(format: "%.1f", pacing)) s of the total is that politeness; `--wait` asks for \
      the progress every 0.25 s, so the end is seen up to that late). The stand-in \
      runs on the same two cores, so its filtering, encoding and gzip are in the time too.

      | | |
      |---|---|
      | time | \(String(format: "%.1f", figures.seconds)) s (\(self.count(Int(Double(self.scale.backfillEvents) / max(figures.seconds, 0.001)))) events/s) |
      | quakesd's resident memory before | \(String(format: "%.1f", figures.residentBefore)) MiB |
      | its peak (VmHWM, the whole run) | \(String(format: "%.1f", figures.peak)) MiB |
      | afterwards, \(self.count(self.scale.backfillEvents)) quakes cached | \(String(format: "%.1f", figures.residentAfter)) MiB |
      | the database file (with its WAL) | \(String(format: "%.1f", figures.databaseMiB)) MiB |
      """)
    self.report.add(
      .init(
        comparison: "backfill: \(self.count(self.scale.backfillEvents)) events from FDSN (stand-in), whole run",
        ours:
          String(
            format: "%.1f s, peak %.0f MiB, then %.0f MiB resident", figures.seconds, figures.peak,
            figures.residentAfter),
        peer: "—", ratio: "—", target: "reported", met: nil))
  }
}
