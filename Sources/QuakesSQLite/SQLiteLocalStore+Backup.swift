import Foundation
import GRDB

extension SQLiteLocalStore {
  /// Writes a consistent copy of the database into a new database file at
  /// `path`, while the store goes on writing.
  ///
  /// SQLite's online backup API copies every page inside one read
  /// transaction, so the copy holds exactly the diffs committed before it
  /// began (a diff is one transaction: never half of one), and the writer is
  /// not held up (WAL: readers and the writer do not block each other). The
  /// copy is a whole quakesd database: `quakesd --state-dir` starts from it
  /// as `quakes.sqlite`. It runs on a thread of its own, off the
  /// cooperative pool.
  ///
  /// - Returns: how many quakes the copy holds.
  /// - Throws: ``BackupError`` naming what failed (a full disk, most often).
  public func backup(to path: String) async throws(BackupError) -> Int {
    let source = self.path ?? Self.inMemoryPath
    let outcome: Result<Int, BackupError> = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: Result { () throws(BackupError) in try self.copy(to: path, source: source) })
      }
    }
    return try outcome.get()
  }

  private func copy(to path: String, source: String) throws(BackupError) -> Int {
    do {
      let destination = try DatabaseQueue(path: path)
      try self.writer.backup(to: destination)
      let quakes = try destination.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM quakes") } ?? 0
      try destination.close()
      return quakes
    } catch let error as DatabaseError {
      throw BackupError(source: source, destination: path, reason: error.message ?? "\(error)", code: error.resultCode)
    } catch {
      throw BackupError(source: source, destination: path, reason: "\(error)", code: nil)
    }
  }
}

/// A backup of the quakes database that failed; the database itself is untouched.
public struct BackupError: Error, CustomStringConvertible, Sendable {
  /// The database copied.
  public let source: String
  /// The copy that could not be written.
  public let destination: String
  /// SQLite's message.
  public let reason: String
  /// Whether the file system of the copy is full.
  public let isDiskFull: Bool

  init(source: String, destination: String, reason: String, code: ResultCode?) {
    self.source = source
    self.destination = destination
    self.reason = reason
    self.isDiskFull = code == .SQLITE_FULL
  }

  public var description: String {
    "cannot copy the quakes database \(self.source) into \(self.destination): \(self.reason)"
  }
}
