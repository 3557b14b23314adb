import Foundation
import QuakesModel

/// The columns of a `history_jobs` row as a store reads them, each checked
/// (a value a script wrote against the schema is the store's error, never
/// a crash): what ``HistoryJob/checkpoint(reading:)`` reads a job from,
/// whichever database holds the row.
package protocol HistoryCheckpointColumns {
  func text(_ index: Int) throws -> String
  func optionalText(_ index: Int) throws -> String?
  func integer(_ index: Int, in range: ClosedRange<Int64>) throws -> Int64
  func optionalInteger(_ index: Int, in range: ClosedRange<Int64>) throws -> Int64?
  /// Names the reason the row cannot be read back, as the store's error.
  func unreadable(_ reason: String) -> any Error
}

extension HistoryJob {
  /// The columns of a checkpoint row, in the order ``checkpoint(reading:)`` reads them.
  package static let checkpointColumns = [
    "kind", "query", "phase", "error", "started", "updated", "finished", "cursor", "windows_done",
    "events_fetched", "events_written", "events_removed", "events_expected",
  ]

  /// The job a checkpoint row holds (columns as ``checkpointColumns``);
  /// `nil` for a kind this quakesd does not know. The pending windows are
  /// not stored: a job read back resumes at its cursor.
  ///
  /// - Throws: the store's error when a column holds a value of the wrong
  ///   type or out of range, or the query is not one this quakesd reads.
  package static func checkpoint(reading row: some HistoryCheckpointColumns) throws -> HistoryJob? {
    guard let kind = HistoryJob.Kind(rawValue: try row.text(0)) else { return nil }
    let time = QuakeRanges.milliseconds
    let query = try row.optionalText(1).flatMap { try? JSONDecoder().decode(HistoryQuery.self, from: Data($0.utf8)) }
    guard let query, query.since < query.until, time.contains(query.since), time.contains(query.until) else {
      throw row.unreadable("the row \(kind) of table history_jobs has no query with a time span")
    }
    let counts = 0...Int64(Int32.max)
    let started = Timestamp.date(milliseconds: try row.integer(4, in: time))
    var job = HistoryJob(kind: kind, query: query, started: started)
    job.started = started  // as stored: the initializer's rounding down is for a clock's dates
    job.updated = Timestamp.date(milliseconds: try row.integer(5, in: time))
    job.finished = try row.optionalInteger(6, in: time).map { Timestamp.date(milliseconds: $0) }
    job.cursor = min(max(try row.integer(7, in: time), query.since), query.until)
    job.windowsDone = Int(try row.optionalInteger(8, in: counts) ?? 0)
    job.eventsFetched = Int(try row.optionalInteger(9, in: counts) ?? 0)
    job.eventsWritten = Int(try row.optionalInteger(10, in: counts) ?? 0)
    job.eventsRemoved = Int(try row.optionalInteger(11, in: counts) ?? 0)
    job.eventsExpected = try row.optionalInteger(12, in: counts).map { Int($0) }
    let phase = try row.text(2)
    switch phase {
    case "running": job.phase = .running
    case "done": job.phase = .done
    case "cancelled": job.phase = .cancelled
    case "failed": job.phase = .failed(try row.optionalText(3) ?? "failed")
    default: throw row.unreadable("the row \(kind) of table history_jobs holds the phase '\(phase.prefix(40))'")
    }
    job.pending = []
    job.committed = job.progress
    return job
  }

  /// The values of this job's checkpoint row, in ``checkpointColumns``
  /// order: the query as JSON, times as epoch milliseconds, the counts as
  /// the reader takes them back (a mirror that counted billions must not
  /// make the checkpoint unreadable).
  package func checkpointValues() throws -> (
    kind: String, query: String, phase: String, error: String?, started: Int64, updated: Int64,
    finished: Int64?, cursor: Int64, counts: [Int64], eventsExpected: Int64?
  ) {
    let count = { (value: Int) in Int64(min(max(value, 0), Int(Int32.max))) }
    let error: String? = if case .failed(let message) = self.phase { message } else { nil }
    return (
      self.kind.rawValue, String(decoding: try JSONEncoder().encode(self.query), as: UTF8.self), self.phase.name,
      error, Timestamp.milliseconds(self.started), Timestamp.milliseconds(self.updated),
      self.finished.map(Timestamp.milliseconds), self.cursor,
      [self.windowsDone, self.eventsFetched, self.eventsWritten, self.eventsRemoved].map(count),
      self.eventsExpected.map(count)
    )
  }
}
