import GRDB

/// What a database file says about itself before quakesd writes to it: whose
/// it is, which schema version it has, which tables it holds.
///
/// Read first through a read-only connection, so that a file quakesd must
/// refuse (another application's, a newer quakesd's) is never written to,
/// then again inside the migration's transaction.
struct SchemaInspection: Sendable {
  /// `PRAGMA application_id`: ``Schema/applicationID`` for a quakesd file.
  let applicationID: Int32
  /// `PRAGMA user_version`: the schema version, 0 for a new file.
  let version: Int
  /// The names of the tables, views, indexes and triggers, except SQLite's own.
  let objects: Set<String>

  /// Reads the file's header and schema. Reading `sqlite_master` is also
  /// what makes SQLite notice a file that is not a database.
  init(_ db: Database) throws {
    self.applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    self.version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    self.objects = try Set(
      String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"))
  }

  /// Whether the file is new: no schema and no version yet.
  var isEmpty: Bool { self.objects.isEmpty && self.version == 0 }

  /// The version to migrate from: 0 for a new file, otherwise the file's.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when quakesd must not touch the file:
  ///   another application's database, a newer quakesd's, or one that lost
  ///   its tables.
  func versionToMigrate(path: String) throws(SQLiteLocalStoreError) -> Int {
    if self.isEmpty, self.applicationID == 0 || self.applicationID == Schema.applicationID {
      return 0
    }
    guard self.applicationID == Schema.applicationID, self.version >= 1 else {
      throw SQLiteLocalStoreError(
        kind: .foreignDatabase, path: path, operation: .open,
        detail: self.foreignDetail)
    }
    guard self.version <= Schema.currentVersion else {
      throw SQLiteLocalStoreError(
        kind: .newerSchema(found: self.version, supported: Schema.currentVersion), path: path,
        operation: .open, detail: "PRAGMA user_version is \(self.version)")
    }
    let missing = Schema.requiredTables.subtracting(self.objects)
    guard missing.isEmpty else {
      throw SQLiteLocalStoreError(
        kind: .corrupt, path: path, operation: .open,
        detail: "schema version \(self.version) but no table \(missing.sorted().joined(separator: ", "))")
    }
    return self.version
  }

  private var foreignDetail: String {
    let id = "PRAGMA application_id is \(self.applicationID)"
    let tables =
      self.objects.isEmpty ? "no tables" : "tables \(self.objects.sorted().prefix(5).joined(separator: ", "))"
    return "\(id), user_version \(self.version), \(tables)"
  }
}
