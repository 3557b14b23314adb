import Foundation
import Logging
import QuakesData
import QuakesModel
import Testing

@testable import QuakesDaemon

/// What the log says of a backfill: its start with the span, its end with
/// the counts; before, neither was logged.
@Suite("HistoryJobLog: a backfill's start and end in the log")
struct HistoryJobLogTests {
  private static let started = Date(timeIntervalSince1970: 1_790_000_000)
  private static let query = HistoryQuery(since: 1_577_836_800_000, until: 1_577_923_200_000)

  @Test("a backfill that starts, then ends done, is logged twice at info, with its span and counts")
  func startAndEnd() {
    let running = HistoryJob(kind: .backfill, query: Self.query, started: Self.started)
    let start = HistoryJobLog.lines(from: [:], to: [.backfill: running])
    #expect(start.map(\.0) == [.info])
    #expect(start.map(\.1) == ["backfill started: 2020-01-01T00:00:00.000Z to 2020-01-02T00:00:00.000Z"])
    #expect(HistoryJobLog.lines(from: [.backfill: running], to: [.backfill: running]).isEmpty)

    var done = running
    done.phase = .done
    done.finished = Self.started.addingTimeInterval(12)
    done.windowsDone = 1
    done.eventsFetched = 1
    done.eventsWritten = 1
    let end = HistoryJobLog.lines(from: [.backfill: running], to: [.backfill: done])
    #expect(end.map(\.0) == [.info])
    #expect(
      end.map(\.1) == [
        "backfill done in 12s: 1 event fetched in 1 window, 1 written, 0 removed; "
          + "2020-01-01T00:00:00.000Z to 2020-01-02T00:00:00.000Z"
      ])
  }

  @Test("a failed backfill is a warning with its reason; a reconciliation's start is debug")
  func failedAndReconcile() {
    let running = HistoryJob(kind: .backfill, query: Self.query, started: Self.started)
    var failed = running
    failed.phase = .failed("the service answered 400")
    let end = HistoryJobLog.lines(from: [.backfill: running], to: [.backfill: failed])
    #expect(end.map(\.0) == [.warning])
    #expect(end.first?.1.hasPrefix("backfill failed: the service answered 400 (0 events fetched in 0 windows") == true)
    let reconcile = HistoryJob(kind: .reconcile, query: Self.query, started: Self.started)
    #expect(HistoryJobLog.lines(from: [:], to: [.reconcile: reconcile]).map(\.0) == [.debug])
  }
}
