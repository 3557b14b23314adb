import QuakesClient
import QuakesProtocol
import Testing

/// How `quakectl backfill` shows a job: the progress line and the summary.
@Suite("BackfillProgress: the progress bar and the summary")
struct BackfillProgressTests {
  private func job(
    phase: String = "running", fetched: Int = 20_512, written: Int = 20_498, removed: Int = 0, expected: Int? = 45_000,
    eta: Int? = 12, error: String? = nil
  ) -> HistoryJobResult {
    HistoryJobResult(
      kind: "backfill", phase: phase, error: error, since: "2020-01-01T00:00:00.000Z",
      until: "2020-03-01T00:00:00.000Z", filters: "minmagnitude=2.5", cursor: "2020-01-27T00:00:00.000Z",
      started: "2026-11-24T09:00:00.000Z", updated: "2026-11-24T09:00:05.000Z", windowsDone: 2, windowsPending: 3,
      eventsFetched: fetched, eventsWritten: written, eventsRemoved: removed, eventsExpected: expected,
      etaSeconds: eta)
  }

  @Test("a running job: the bar, the percentage, windows, events fetched and written, the ETA")
  func running() {
    #expect(
      BackfillProgress.line(self.job())
        == "[#########-----------]   45%  2 windows done, 3 planned  20,512 of 45,000 events, 20,498 written  ETA 12s")
    #expect(BackfillProgress.line(self.job(eta: 3_725)).hasSuffix("ETA 1h02m"))
    #expect(BackfillProgress.line(self.job(eta: 185)).hasSuffix("ETA 3m05s"))
  }

  @Test("a job the service asked to wait says until when and why, while it runs")
  func waiting() {
    var job = self.job()
    job.waitingUntil = "2026-11-24T09:00:13.000Z"
    job.waitingReason = "the service answered HTTP/1.1 503 Service Unavailable; attempt 2 of 8 follows"
    #expect(
      BackfillProgress.line(job).hasSuffix(
        "ETA 12s  waiting until 2026-11-24T09:00:13.000Z: the service answered HTTP/1.1 503 Service Unavailable; attempt 2 of 8 follows"
      ))
    job.phase = "done"
    #expect(!BackfillProgress.line(job).contains("waiting"), "only while it runs")
  }

  @Test("before the total is known: no bar; nonsense from the socket is clamped, never a crash")
  func unknownTotal() {
    #expect(
      BackfillProgress.line(self.job(fetched: 0, written: 0, expected: nil, eta: nil))
        == "2 windows done, 3 planned  0 events, 0 written")
    #expect(BackfillProgress.line(self.job(fetched: -5, expected: 10)).hasPrefix("[--------------------]    0%"))
    #expect(BackfillProgress.line(self.job(fetched: 50, expected: 10)).hasPrefix("[####################]  100%"))
  }

  @Test("the summary names the phase, the error, the counts and the span")
  func summary() {
    #expect(
      BackfillProgress.summary(self.job(phase: "failed", removed: 3, error: "FDSN request … failed"))
        == "backfill failed: FDSN request … failed (20,512 events fetched in 2 windows; 20,498 quakes written, "
        + "3 removed; 2020-01-01T00:00:00.000Z to 2020-03-01T00:00:00.000Z, done up to 2020-01-27T00:00:00.000Z)")
    #expect(BackfillProgress.line(self.job(phase: "done", eta: nil)).hasSuffix("done"))
  }
}
