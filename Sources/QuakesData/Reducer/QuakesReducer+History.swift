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
        if job.phase == .done {
          // Events USGS publishes late have origin times before the last
          // "now": the day before it is fetched again (a backfill upserts).
          resumed.cursor = max(job.query.since, min(job.cursor, job.query.until - Self.lateEventsOverlap))
          resumed.committed = resumed.progress
        }
        state.history[.backfill] = resumed.resumed(at: date)
        return state
      }
    }
    state.history[.backfill] = HistoryJob(kind: .backfill, query: query, started: date)
    return state
  }

  /// How far back an open-ended backfill asked again goes before its last
  /// "now": a day, in milliseconds.
  static let lateEventsOverlap: Int64 = 86_400_000

  /// Cancels the running backfill, if any.
  static func cancelBackfill(state: QuakesState, at date: Date) -> QuakesState {
    var state = state
    state.history[.backfill]?.cancel(at: date)
    return state
  }

  /// Starts a reconciliation over the cache's time span, for what changed
  /// since the last one that finished began (everything, the first time);
  /// nothing while one runs or the cache is empty.
  ///
  /// It is bounded by the box of the cached epicentres, a degree wider;
  /// the first one (which asks for every event of the span, not only the
  /// updated ones) also by magnitude: none more than 0.5 below the
  /// smallest cached one. Without that, a cache of 20 years of M4.5+ quakes
  /// in one region would ask for every event worldwide in those 20 years.
  /// Later ones ask for what was updated since, whatever its magnitude:
  /// an event USGS deleted may be listed without one, and a magnitude
  /// filter would hide it.
  static func reconcile(state: QuakesState, at date: Date) -> QuakesState {
    let byTime = state.quakes.data.byTime
    guard state.history[.reconcile]?.isRunning != true, byTime.count > 0 else { return state }
    let oldest = byTime.element(at: 0).quake.time
    let newest = byTime.element(at: byTime.count - 1).quake.time
    let range = QuakeRanges.milliseconds
    let since = min(max(Timestamp.milliseconds(oldest), range.lowerBound), range.upperBound - 1)
    let until = min(Timestamp.milliseconds(newest) + 1, range.upperBound)
    var query = HistoryQuery(since: since, until: max(until, since + 1))
    query.includeDeleted = true
    if let last = state.history[.reconcile] {
      query.updatedAfter = last.phase == .done ? Timestamp.milliseconds(last.started) : last.query.updatedAfter
    }
    Self.bound(&query, to: state.quakes.data, byMagnitude: query.updatedAfter == nil)
    var state = state
    state.history[.reconcile] = HistoryJob(kind: .reconcile, query: query, started: date)
    return state
  }

  /// Narrows `query` to the magnitudes and the box of the quakes in `data`,
  /// with a margin, so that a cached quake USGS revised a little below the
  /// smallest magnitude or moved a little out of the box is still found.
  private static func bound(_ query: inout HistoryQuery, to data: QuakesState.Quakes.Data, byMagnitude: Bool) {
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
    if byMagnitude {
      query.minMagnitude = magnitudes.map { $0.lowerBound - 0.5 }
    }
    if let latitudes, let longitudes {
      query.bbox = GeoBox(
        minLatitude: max(-90, latitudes.lowerBound - 1), maxLatitude: min(90, latitudes.upperBound + 1),
        minLongitude: max(-180, longitudes.lowerBound - 1), maxLongitude: min(180, longitudes.upperBound + 1))
    }
  }
}
