package import QuakesModel

/// A `query` or `count` request as the service reads it: the quakes it
/// asks for (a ``QuakesQuery``, so the database answers it with the
/// selectors' semantics), or one event by its id, and how to answer.
package struct FDSNEventRequest: Hashable, Sendable {
  /// What `nodata=` asks for when nothing matches: 204 (the default) or 404.
  package enum NoData: Int, Sendable {
    case noContent = 204
    case notFound = 404
  }

  /// The quakes asked for, in the order asked for; `offset` counted from 0.
  package var query = QuakesQuery()
  /// `eventid=`: one event, whatever else is asked.
  package var eventID: String?
  /// How to write the events.
  var format = FDSNFormat.xml
  /// The status of an answer without events.
  package var noData = NoData.noContent
  /// Whether the request set `limit`: without one, a request matching more
  /// events than the ceiling is refused rather than cut.
  package var hasLimit = false
}
