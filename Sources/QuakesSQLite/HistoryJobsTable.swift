import Foundation
import GRDB
import QuakesData
import QuakesModel

/// How a ``HistoryJob``'s checkpoint is stored in `history_jobs`, one row
/// per kind (``HistoryJob/checkpointColumns``): the query as JSON, times as
/// INTEGER epoch milliseconds. The pending windows are not stored: a job
/// read back resumes at its cursor and counts the rest of its span again.
enum HistoryJobsTable {
  static let columns = HistoryJob.checkpointColumns

  /// Inserts or replaces the row of a job's kind.
  static let upsertSQL =
    "INSERT OR REPLACE INTO history_jobs (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"

  /// Reads every row, columns in ``columns`` order.
  static let selectAllSQL = "SELECT \(columns.joined(separator: ", ")) FROM history_jobs"

  /// The values of `job`'s row.
  static func arguments(_ job: HistoryJob) throws -> StatementArguments {
    let row = try job.checkpointValues()
    return [row.kind, row.query, row.phase, row.error, row.started, row.updated, row.finished, row.cursor]
      + StatementArguments(row.counts) + [row.eventsExpected]
  }

  /// The job of a row read by ``selectAllSQL``; `nil` for a kind this
  /// quakesd does not know.
  ///
  /// - Throws: ``ColumnValueError`` when a column holds a value of the wrong
  ///   kind or out of range, or the query is not one this quakesd reads.
  static func job(_ row: Row) throws(ColumnValueError) -> HistoryJob? {
    do {
      return try HistoryJob.checkpoint(
        reading: CheckpointRow(reader: RowReader(row: row, table: "history_jobs", columns: Self.columns)))
    } catch let error as ColumnValueError {
      throw error
    } catch {
      throw ColumnValueError(description: "\(error)")
    }
  }

  /// A row of `history_jobs` as ``HistoryJob/checkpoint(reading:)`` reads it.
  private struct CheckpointRow: HistoryCheckpointColumns {
    let reader: RowReader

    func text(_ index: Int) throws -> String { try self.reader.text(index) }
    func optionalText(_ index: Int) throws -> String? { try self.reader.optionalText(index) }
    func integer(_ index: Int, in range: ClosedRange<Int64>) throws -> Int64 {
      try self.reader.integer(index, in: range)
    }
    func optionalInteger(_ index: Int, in range: ClosedRange<Int64>) throws -> Int64? {
      try self.reader.optionalInteger(index, in: range)
    }
    func unreadable(_ reason: String) -> any Error { ColumnValueError(description: reason) }
  }
}
