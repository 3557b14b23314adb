import Foundation
import QuakesModel

extension QuakesReducer {
  /// Starts a backfill of `query`, or resumes the cancelled or failed one
  /// that had the same query. A running backfill is left alone (the
  /// responder refuses a second one before dispatching).
  static func backfill(state: QuakesState, query: HistoryQuery, at date: Date) -> QuakesState {
    var state = state
    if let job = state.history[.backfill] {
      if job.isRunning { return state }
      if job.query == query, job.phase != .done {
        state.history[.backfill] = job.resumed(at: date)
        return state
      }
    }
    state.history[.backfill] = HistoryJob(kind: .backfill, query: query, started: date)
    return state
  }

  /// Cancels the running backfill, if any.
  static func cancelBackfill(state: QuakesState, at date: Date) -> QuakesState {
    var state = state
    state.history[.backfill]?.cancel(at: date)
    return state
  }

  /// Starts a reconciliation over the cache's time span, for what changed
  /// since the last one that finished began (everything, the first time);
  /// nothing while one runs or the cache is empty.
  static func reconcile(state: QuakesState, at date: Date) -> QuakesState {
    let byTime = state.quakes.data.byTime
    guard state.history[.reconcile]?.isRunning != true, byTime.count > 0 else { return state }
    let oldest = byTime.element(at: 0).quake.time
    let newest = byTime.element(at: byTime.count - 1).quake.time
    var query = HistoryQuery(since: Timestamp.milliseconds(oldest), until: Timestamp.milliseconds(newest) + 1)
    query.includeDeleted = true
    if let last = state.history[.reconcile] {
      query.updatedAfter = last.phase == .done ? Timestamp.milliseconds(last.started) : last.query.updatedAfter
    }
    var state = state
    state.history[.reconcile] = HistoryJob(kind: .reconcile, query: query, started: date)
    return state
  }
}
