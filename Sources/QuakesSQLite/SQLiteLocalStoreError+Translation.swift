import Foundation
import GRDB

extension SQLiteLocalStoreError {
  /// The error to report for `error`, raised while doing `operation` on the
  /// database at `path`: SQLite's errors become ``SQLiteLocalStoreError``s
  /// with a cause and a remedy; other errors pass unchanged (GRDB reports an
  /// access whose task was cancelled, and so rolled back, as `CancellationError`).
  ///
  /// - Parameter busyTimeout: how long the store waited for a lock, for the
  ///   message of a locked database.
  static func translating(
    _ error: any Error,
    path: String,
    operation: Operation,
    busyTimeout: TimeInterval
  ) -> any Error {
    switch error {
    case let error as SQLiteLocalStoreError:
      return error
    case let error as DatabaseError:
      return self.init(error, path: path, operation: operation, busyTimeout: busyTimeout)
    case let error as ColumnValueError:
      return self.init(kind: .corrupt, path: path, operation: operation, detail: error.description)
    default:
      return error
    }
  }

  private init(_ error: DatabaseError, path: String, operation: Operation, busyTimeout: TimeInterval) {
    let message = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
    let kind: Kind
    var detail = message
    switch error.resultCode {
    case .SQLITE_NOTADB:
      kind = .notADatabase
    case .SQLITE_CORRUPT:
      kind = .corrupt
    case .SQLITE_FULL:
      kind = .diskFull
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      kind = .locked
      detail = "\(message), still after waiting \(Self.seconds(busyTimeout))"
    case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
      if path != SQLiteLocalStore.inMemoryPath, let diagnosis = FileDiagnosis.diagnose(path: path) {
        kind = diagnosis.kind
        detail = "\(diagnosis.detail); SQLite: \(message)"
      } else {
        kind = error.resultCode == .SQLITE_CANTOPEN ? .cannotOpen : .readOnly
      }
    case .SQLITE_IOERR:
      kind = .ioError
    default:
      kind = .sqlite(code: error.extendedResultCode.rawValue)
    }
    self.init(kind: kind, path: path, operation: operation, detail: detail)
  }

  private static func seconds(_ interval: TimeInterval) -> String {
    interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
  }
}
