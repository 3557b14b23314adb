import PostgresNIO
import QuakesData

/// How a ``HistoryJob``'s checkpoint is stored in the store's
/// `history_jobs`, one row per kind, as in the SQLite file
/// (``HistoryJob/checkpointColumns``).
enum HistoryJobsTable {
  static let columns = HistoryJob.checkpointColumns

  static let selectAllSQL = PostgresQuery(unsafeSQL: "SELECT \(columns.joined(separator: ", ")) FROM history_jobs")

  /// Inserts or replaces the row of `job`'s kind.
  static func upsert(_ job: HistoryJob) throws -> PostgresQuery {
    let row = try job.checkpointValues()
    var binds = PostgresBindings()
    binds.append(row.kind)
    binds.append(QuakesTable.storable(row.query))
    binds.append(row.phase)
    binds.append(QuakesTable.storable(row.error))
    binds.append(row.started)
    binds.append(row.updated)
    binds.append(row.finished)
    binds.append(row.cursor)
    for count in row.counts { binds.append(count) }
    binds.append(row.eventsExpected)
    let placeholders = (1...Self.columns.count).map { "$\($0)" }.joined(separator: ", ")
    let assignments = Self.columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    return PostgresQuery(
      unsafeSQL: "INSERT INTO history_jobs (\(Self.columns.joined(separator: ", "))) VALUES (\(placeholders)) "
        + "ON CONFLICT (kind) DO UPDATE SET \(assignments)", binds: binds)
  }

  /// The job of a row of ``selectAllSQL``; `nil` for a kind this quakesd does not know.
  static func job(_ row: PostgresRow) throws -> HistoryJob? {
    try HistoryJob.checkpoint(reading: PostgresRowReader(row, table: "history_jobs", columns: Self.columns))
  }
}

/// A row of `history_jobs` as ``HistoryJob/checkpoint(reading:)`` reads it.
extension PostgresRowReader: HistoryCheckpointColumns {
  func unreadable(_ reason: String) -> any Error { PostgresStoreError(reason) }
}
