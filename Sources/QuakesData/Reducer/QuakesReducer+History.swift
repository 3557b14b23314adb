import Foundation
import QuakesModel

extension QuakesReducer {
  /// Starts a backfill of `query`, or resumes the last one when it is the
  /// same backfill (``HistoryQuery/isSameBackfill(as:)``) and was cancelled
  /// or failed, or reached up to "now" (open-ended): it then goes on up to
  /// this now. A running backfill is left alone (the responder joins the
  /// same one and refuses another before dispatching).
  static func backfill(state: QuakesState, query: HistoryQuery, at date: Date) -> QuakesState {
    var state = state
    if let job = state.history[.backfill] {
      if job.isRunning { return state }
      if job.query.isSameBackfill(as: query), job.phase != .done || query.isOpenEnded {
        var resumed = job
        resumed.query.until = max(job.query.until, query.until)
        state.history[.backfill] = resumed.resumed(at: date)
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
  /// since the last one that finished began; nothing while one runs or the
  /// cache is empty.
  ///
  /// The first one (none finished before) looks at every event of the
  /// span, so it is bounded by what the cache can hold: no magnitude below
  /// the smallest cached one, nothing outside the box of the cached
  /// epicentres. Without that, a cache of 20 years of M4.5+ quakes in one
  /// region would ask for every event worldwide in those 20 years.
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
    if query.updatedAfter == nil {
      Self.bound(&query, to: state.quakes.data)
    }
    var state = state
    state.history[.reconcile] = HistoryJob(kind: .reconcile, query: query, started: date)
    return state
  }

  /// Narrows `query` to the magnitudes and the box of the quakes in `data`.
  private static func bound(_ query: inout HistoryQuery, to data: QuakesState.Quakes.Data) {
    var magnitudes: ClosedRange<Double>?
    var latitudes: ClosedRange<Double>?
    var longitudes: ClosedRange<Double>?
    func widen(_ range: inout ClosedRange<Double>?, _ value: Double) {
      range = range.map { min($0.lowerBound, value)...max($0.upperBound, value) } ?? value...value
    }
    for quake in data.values {
      if let magnitude = quake.magnitude { widen(&magnitudes, magnitude) }
      widen(&latitudes, quake.latitude)
      widen(&longitudes, quake.longitude)
    }
    query.minMagnitude = magnitudes?.lowerBound
    if let latitudes, let longitudes {
      query.bbox = GeoBox(
        minLatitude: latitudes.lowerBound, maxLatitude: latitudes.upperBound, minLongitude: longitudes.lowerBound,
        maxLongitude: longitudes.upperBound)
    }
  }
}
