import Foundation
import QuakesTestSupport

/// SQL run on a database file through the `sqlite3` shell, between measured
/// runs (never inside one): installing the write counters, clearing a feed's
/// validators, adding the peer's index.
enum SQLiteShell {
  /// Runs `sql` on `database`; returns what it printed.
  @discardableResult
  static func run(_ database: String, _ sql: String) async throws -> String {
    guard let sqlite3 = PeerTools.sqlite3 else {
      throw MeasuredRun.Failure(
        description: "the sqlite3 shell is not on PATH (Debian package sqlite3; make deps installs it)")
    }
    let run = try await Command.run(sqlite3, [database, sql])
    guard run.status == 0 else {
      throw MeasuredRun.Failure(
        description: "sqlite3 \(database): \(run.errors.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
    return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Adds a counter of the rows inserted, updated or deleted in `quakes`
  /// from now on; read it with ``rowsWritten(_:)``. The same triggers on
  /// both tools' files, so "rows written" means the same for both.
  static func countWrites(_ database: String) async throws {
    try await self.run(
      database,
      """
      CREATE TABLE bench_writes(n INTEGER NOT NULL); INSERT INTO bench_writes VALUES (0);
      CREATE TRIGGER bench_inserted AFTER INSERT ON quakes BEGIN UPDATE bench_writes SET n = n + 1; END;
      CREATE TRIGGER bench_updated AFTER UPDATE ON quakes BEGIN UPDATE bench_writes SET n = n + 1; END;
      CREATE TRIGGER bench_deleted AFTER DELETE ON quakes BEGIN UPDATE bench_writes SET n = n + 1; END;
      """)
  }

  /// The rows written in `quakes` since ``countWrites(_:)``.
  static func rowsWritten(_ database: String) async throws -> Int {
    let text = try await self.run(database, "SELECT n FROM bench_writes")
    guard let count = Int(text) else {
      throw MeasuredRun.Failure(description: "bench_writes in \(database) reads \(text)")
    }
    return count
  }
}
