import Foundation
import QuakesTestSupport

/// The sqlite3 shell: a reader and writer of database files independent of
/// quakesd's, as an administrator or a script would use it.
enum SQLiteShell {
  /// Runs `sql` on the file at `path`; what it printed, trimmed.
  ///
  /// - Throws: when sqlite3 fails, with its message.
  @discardableResult
  static func run(_ path: String, _ sql: String) async throws -> String {
    let result = try await Command.run("/usr/bin/sqlite3", [path, sql])
    guard result.status == 0 else { throw Failure(description: "sqlite3 \(path) \(sql): \(result.errors)") }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `PRAGMA integrity_check`: `ok` for a sound file.
  static func integrityCheck(_ path: String) async throws -> String {
    try await self.run(path, "PRAGMA integrity_check;")
  }

  /// Why sqlite3 failed.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }
}
