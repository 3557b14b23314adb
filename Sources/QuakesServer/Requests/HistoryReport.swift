package import Foundation
import QuakesData
import QuakesModel
import QuakesProtocol

/// How the history jobs of a state read on the wire (`backfill.status`,
/// `quakes.status`).
package enum HistoryReport {
  /// The hold on the FDSN requests in force: when the next may start, and why it waits.
  package typealias Waiting = (until: Date, reason: String)

  /// The last backfill and reconciliation of `state`; `nil` when neither
  /// ran. `waiting` is the FDSN requests' hold in force, shown on the job
  /// that runs (the backfill, when both do: it has the next request).
  static func result(
    of state: QuakesState, now: Date, waiting: Waiting? = nil, started: Bool? = nil
  ) -> BackfillResult? {
    guard !state.history.isEmpty || started != nil else { return nil }
    let waiter: HistoryJob.Kind? =
      state.history[.backfill]?.isRunning == true
      ? .backfill : state.history[.reconcile]?.isRunning == true ? .reconcile : nil
    return BackfillResult(
      backfill: state.history[.backfill].map {
        self.result($0, now: now, waiting: waiter == .backfill ? waiting : nil)
      },
      reconcile: state.history[.reconcile].map {
        self.result($0, now: now, waiting: waiter == .reconcile ? waiting : nil)
      },
      started: started)
  }

  /// One job as the protocol reports it. The ETA assumes the rest goes at
  /// the pace of this run (``HistoryJob/secondsLeft(at:)``).
  static func result(_ job: HistoryJob, now: Date, waiting: Waiting? = nil) -> HistoryJobResult {
    let error: String? = if case .failed(let message) = job.phase { message } else { nil }
    let eta = job.secondsLeft(at: now).map { Int($0.rounded(.up)) }
    return HistoryJobResult(
      kind: job.kind.rawValue, phase: job.phase.name, error: error,
      since: Self.time(job.query.since), until: Self.time(job.query.until),
      filters: job.query.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&"),
      cursor: Self.time(job.cursor), started: Timestamp.iso8601(job.started), updated: Timestamp.iso8601(job.updated),
      finished: job.finished.map(Timestamp.iso8601), windowsDone: job.windowsDone, windowsPending: job.pending.count,
      eventsFetched: job.eventsFetched, eventsWritten: job.eventsWritten, eventsRemoved: job.eventsRemoved,
      eventsExpected: job.eventsExpected, etaSeconds: eta, waitingUntil: waiting.map { Timestamp.iso8601($0.until) },
      waitingReason: waiting?.reason)
  }

  private static func time(_ milliseconds: Int64) -> String {
    Timestamp.iso8601(Timestamp.date(milliseconds: milliseconds))
  }
}
