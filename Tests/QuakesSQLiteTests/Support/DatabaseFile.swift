import Foundation
import GRDB

/// A look at a database file from outside the store: its bytes, and a
/// connection of its own, as a script's would be.
enum DatabaseFile {
  /// The file's bytes, or `nil` when there is no file.
  static func bytes(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }

  /// Size and modification time of a file, to tell whether it was written.
  static func fingerprint(_ path: String) -> String {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "absent" }
    let size = attributes[.size].map { "\($0)" } ?? "?"
    let modified = (attributes[.modificationDate] as? Date).map { "\($0.timeIntervalSince1970)" } ?? "?"
    return "\(size) bytes, modified \(modified)"
  }

  /// A connection of its own to the file. With `holdingTransactions`, a
  /// transaction begun by hand stays open between accesses.
  static func connection(_ path: String, readonly: Bool = false, holdingTransactions: Bool = false) throws
    -> DatabaseQueue
  {
    var configuration = Configuration()
    configuration.readonly = readonly
    configuration.allowsUnsafeTransactions = holdingTransactions
    return try DatabaseQueue(path: path, configuration: configuration)
  }

  /// Runs `statements` on a connection of its own, then closes it.
  static func execute(_ path: String, _ statements: String) throws {
    let connection = try self.connection(path)
    try connection.writeWithoutTransaction { db in try db.execute(sql: statements) }
    try connection.close()
  }

  /// An integer a query returns, read on a connection of its own.
  static func integer(_ path: String, _ sql: String) throws -> Int? {
    let connection = try self.connection(path, readonly: true)
    defer { try? connection.close() }
    return try connection.read { db in try Int.fetchOne(db, sql: sql) }
  }
}
