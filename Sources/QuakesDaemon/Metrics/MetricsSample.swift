import Foundation
import QuakesModel
import QuakesProtocol

/// What the metrics read from the daemon when they are asked for: values
/// the state and the server already keep, so nothing counts them twice.
struct MetricsSample: Sendable {
  /// One feed's part.
  struct Feed: Sendable {
    let feed: QuakesFeed
    let lastSuccess: Date?
    let generated: Date?
    /// The poll interval; `nil` for a feed fetched only on request.
    let interval: Duration?
  }

  /// One face's long answers (``AnswerSlots``): those written now, and
  /// those waiting for a slot.
  struct LongAnswers: Sendable {
    let face: String
    let writing: Int
    let waiting: Int
  }

  let startedAt: Date
  let quakesCached: Int
  /// The quakes of the state's live window (the rest is in the database only).
  let quakesInMemory: Int
  let databaseBytes: Int?
  let writeAheadLogBytes: Int?
  let pageCacheBytes: Int?
  let clients: Int
  let watchers: Int
  var longAnswers: [LongAnswers] = []
  let feeds: [Feed]
  /// This quakesd's part in a shared store; `nil` for a store of its own.
  var store: StatusResult.Store? = nil
}
