import GRDB
public import QuakesData

extension SQLiteLocalStore {
  /// Writes `diff` and `job`'s checkpoint in one transaction: the quakes of
  /// an FDSN window and the cursor past it commit together or not at all.
  public func didFetchHistoryMutation(job: HistoryJob, diff: QuakesDiff) async throws {
    do {
      try self.checkFileInPlace(.historyWindow(kind: job.kind.rawValue))
      let arguments = try HistoryJobsTable.arguments(job)
      try await self.writer.writeWithoutTransaction { db in
        let cache = try PageCacheForBatch(db, rows: diff.inserted.count + diff.updated.count + diff.deleted.count)
        defer { cache.restore(db) }
        try db.inTransaction(.immediate) {
          let changes = try Self.writeRows(of: diff, in: db, progress: nil)
          self.noteWrittenForRetention(diff)
          try db.cachedStatement(sql: HistoryJobsTable.upsertSQL).execute(arguments: arguments)
          self.tableRowChanges.withLock { $0 += changes }
          return .commit
        }
      }
    } catch {
      throw self.translating(error, .historyWindow(kind: job.kind.rawValue))
    }
  }

  /// Writes `job`'s checkpoint alone.
  public func saveHistoryJobMutation(job: HistoryJob) async throws {
    do {
      try self.checkFileInPlace(.historyCheckpoint(kind: job.kind.rawValue))
      let arguments = try HistoryJobsTable.arguments(job)
      try await self.writer.write { db in
        try db.cachedStatement(sql: HistoryJobsTable.upsertSQL).execute(arguments: arguments)
      }
    } catch {
      throw self.translating(error, .historyCheckpoint(kind: job.kind.rawValue))
    }
  }
}
