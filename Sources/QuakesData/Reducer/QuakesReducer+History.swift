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

  /// Starts a reconciliation over the catalogue's time span (its `extent`,
  /// or the state's quakes' when it is `nil`), for what changed since the
  /// last one that finished began (everything, the first time); nothing
  /// while one runs or the cache is empty.
  ///
  /// It is bounded by the box of the cached epicentres, a degree wider;
  /// the first one (which asks for every event of the span, not only the
  /// updated ones) also by magnitude: none more than 0.5 below the
  /// smallest cached one. Without that, a cache of 20 years of M4.5+ quakes
  /// in one region would ask for every event worldwide in those 20 years.
  /// Later ones ask for what was updated since, whatever its magnitude:
  /// an event USGS deleted may be listed without one, and a magnitude
  /// filter would hide it.
  static func reconcile(state: QuakesState, at date: Date, extent: CatalogueExtent?) -> QuakesState {
    guard state.history[.reconcile]?.isRunning != true,
      let extent = extent ?? CatalogueExtent(of: state.quakes.data.values)
    else { return state }
    let range = QuakeRanges.milliseconds
    let since = min(max(Timestamp.milliseconds(extent.oldest), range.lowerBound), range.upperBound - 1)
    let until = min(Timestamp.milliseconds(extent.newest) + 1, range.upperBound)
    var query = HistoryQuery(since: since, until: max(until, since + 1))
    query.includeDeleted = true
    if let last = state.history[.reconcile] {
      query.updatedAfter = last.phase == .done ? Timestamp.milliseconds(last.started) : last.query.updatedAfter
    }
    Self.bound(&query, to: extent, byMagnitude: query.updatedAfter == nil)
    var state = state
    state.history[.reconcile] = HistoryJob(kind: .reconcile, query: query, started: date)
    return state
  }

  /// Narrows `query` to the magnitudes and the box of the catalogue's
  /// `extent`, with a margin, so that a cached quake USGS revised a little
  /// below the smallest magnitude or moved a little out of the box is
  /// still found.
  private static func bound(_ query: inout HistoryQuery, to extent: CatalogueExtent, byMagnitude: Bool) {
    if byMagnitude {
      query.minMagnitude = extent.smallestMagnitude.map { $0 - 0.5 }
    }
    query.bbox = GeoBox(
      minLatitude: max(-90, extent.latitudes.lowerBound - 1), maxLatitude: min(90, extent.latitudes.upperBound + 1),
      minLongitude: max(-180, extent.longitudes.lowerBound - 1),
      maxLongitude: min(180, extent.longitudes.upperBound + 1))
  }
}
