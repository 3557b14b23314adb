import Foundation
import GRDB
import QuakesData
import QuakesModel

/// How a ``HistoryJob``'s checkpoint is stored in `history_jobs`, one row
/// per kind: the query as JSON, times as INTEGER epoch milliseconds. The
/// pending windows are not stored: a job read back resumes at its cursor
/// and counts the rest of its span again.
enum HistoryJobsTable {
  /// Every column, in the order of ``arguments(_:)`` and ``job(_:)``.
  static let columns = [
    "kind", "query", "phase", "error", "started", "updated", "finished", "cursor", "windows_done",
    "events_fetched", "events_written", "events_removed", "events_expected",
  ]

  /// Inserts or replaces the row of a job's kind.
  static let upsertSQL =
    "INSERT OR REPLACE INTO history_jobs (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"

  /// Reads every row, columns in ``columns`` order.
  static let selectAllSQL = "SELECT \(columns.joined(separator: ", ")) FROM history_jobs"

  /// The values of `job`'s row.
  static func arguments(_ job: HistoryJob) throws -> StatementArguments {
    let query = String(decoding: try JSONEncoder().encode(job.query), as: UTF8.self)
    let error: String? = if case .failed(let message) = job.phase { message } else { nil }
    // The counts as the reader takes them back: a mirror that counted
    // billions must not make the checkpoint unreadable.
    let count = { (value: Int) in min(max(value, 0), Int(Int32.max)) }
    return [
      job.kind.rawValue, query, job.phase.name, error, Timestamp.milliseconds(job.started),
      Timestamp.milliseconds(job.updated), job.finished.map(Timestamp.milliseconds), job.cursor, count(job.windowsDone),
      count(job.eventsFetched), count(job.eventsWritten), count(job.eventsRemoved), job.eventsExpected.map(count),
    ]
  }

  /// The job of a row read by ``selectAllSQL``; `nil` for a kind this
  /// quakesd does not know.
  ///
  /// - Throws: ``ColumnValueError`` when a column holds a value of the wrong
  ///   kind or out of range, or the query is not one this quakesd reads.
  static func job(_ row: Row) throws(ColumnValueError) -> HistoryJob? {
    let reader = RowReader(row: row, table: "history_jobs", columns: Self.columns)
    guard let kind = HistoryJob.Kind(rawValue: try reader.text(0)) else { return nil }
    let query = try reader.optionalText(1) { text in try? JSONDecoder().decode(HistoryQuery.self, from: Data(text.utf8))
    }
    let time = QuakeRanges.milliseconds
    guard let query, query.since < query.until, time.contains(query.since), time.contains(query.until) else {
      throw ColumnValueError(description: "the row \(kind) of table history_jobs has no query with a time span")
    }
    let counts = 0...Int(Int32.max)
    let started = Timestamp.date(milliseconds: try reader.integer(4, in: time))
    var job = HistoryJob(kind: kind, query: query, started: started)
    job.started = started  // as stored: the initializer's rounding down is for a clock's dates
    job.updated = Timestamp.date(milliseconds: try reader.integer(5, in: time))
    job.finished = try reader.optionalInteger(6, in: time).map { Timestamp.date(milliseconds: $0) }
    job.cursor = min(max(try reader.integer(7, in: time), query.since), query.until)
    job.windowsDone = try reader.optionalInteger(8, in: counts) ?? 0
    job.eventsFetched = try reader.optionalInteger(9, in: counts) ?? 0
    job.eventsWritten = try reader.optionalInteger(10, in: counts) ?? 0
    job.eventsRemoved = try reader.optionalInteger(11, in: counts) ?? 0
    job.eventsExpected = try reader.optionalInteger(12, in: counts)
    let phase = try reader.text(2)
    switch phase {
    case "running": job.phase = .running
    case "done": job.phase = .done
    case "cancelled": job.phase = .cancelled
    case "failed": job.phase = .failed(try reader.optionalText(3) ?? "failed")
    default:
      throw ColumnValueError(description: "the row \(kind) of table history_jobs holds the phase '\(phase.prefix(40))'")
    }
    job.pending = []
    job.committed = job.progress
    return job
  }
}
