public import Foundation

/// Why the SQLite local store could not do what it was asked, as a person
/// should read it: what failed, on which file, why, and what to do.
///
/// The persistent session shows ``errorDescription`` in the daemon's status
/// and logs, so every message names the database path and a remedy.
/// Callers that react to a cause match ``kind``.
public struct SQLiteLocalStoreError: LocalizedError, Hashable, Sendable {
  /// What went wrong, as a case a caller can match.
  public let kind: Kind
  /// The database file (`:memory:` for the in-memory store).
  public let path: String
  /// What the store was doing.
  public let operation: Operation
  /// What SQLite or the file system said, verbatim where possible.
  public let detail: String

  /// Creates an error.
  public init(kind: Kind, path: String, operation: Operation, detail: String) {
    self.kind = kind
    self.path = path
    self.operation = operation
    self.detail = detail
  }

  /// One sentence on what failed and why, then what to do.
  public var errorDescription: String? {
    "cannot \(self.operation.phrase) the quakes database \(self.path): \(self.reason). \(self.remedy)."
  }

  private var reason: String {
    switch self.kind {
    case .notADatabase:
      "it is not an SQLite database (\(self.detail))"
    case .corrupt:
      "the database is damaged (\(self.detail))"
    case .foreignDatabase:
      "it is not a quakesd database (\(self.detail))"
    case .newerSchema(let found, let supported):
      "it was written by a newer quakesd (schema version \(found); this quakesd knows versions up to "
        + "\(supported)), so it was left untouched"
    case .noDirectory, .readOnly, .cannotOpen:
      self.detail
    case .removed:
      "the file was removed, moved or replaced while quakesd had it open (\(self.detail)); nothing of this "
        + "write was applied, since it would be lost"
    case .diskFull:
      "the file system is full (\(self.detail)); nothing of this write was applied"
    case .locked:
      "another process holds the database's write lock (\(self.detail))"
    case .ioError:
      "the disk reported an I/O error (\(self.detail))"
    case .sqlite(let code):
      "SQLite error \(code) (\(self.detail))"
    }
  }

  private var remedy: String {
    switch self.kind {
    case .notADatabase, .foreignDatabase:
      "quakesd does not write into it: move it away or choose another database path, "
        + "and quakesd creates a new database there and refills it from the feeds"
    case .corrupt:
      "Move it away, with its -wal and -shm files (sqlite3 \(self.path) .recover may save its content); "
        + "quakesd then creates a new database and refills it from the feeds"
    case .newerSchema:
      "Run the newer quakesd, or move the file away to start a new cache"
    case .noDirectory:
      "Create the directory, or choose another database path"
    case .readOnly, .cannotOpen:
      "quakesd needs write access to the file and to its directory (it writes \(self.path)-wal and "
        + "\(self.path)-shm beside it): fix the permissions or the mount, or choose a writable directory"
    case .removed:
      "Restart quakesd (systemctl restart quakesd): it opens \(self.path) again, creating a new database "
        + "if the file is gone, and refills it from the feeds"
    case .diskFull:
      "Free space on the file system that holds it; the next poll writes again"
    case .locked:
      "quakesd must be the database's only writer: stop the other writer (fuser \(self.path) names it); "
        + "readers should open the file read-only (sqlite3 -readonly)"
    case .ioError:
      "Check the disk and the kernel log (journalctl -k)"
    case .sqlite:
      "Please report this message"
    }
  }
}
