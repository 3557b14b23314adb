import GRDB

/// One step of the schema's history: the SQL that takes a database from
/// version `version - 1` to `version`.
///
/// Steps are never edited once released: a database written by an older
/// quakesd holds exactly what the older steps made, and the newer steps are
/// applied on top of it. A change of schema is a new step.
struct SchemaMigration: Sendable {
  /// The schema version this step produces (`PRAGMA user_version` after it).
  let version: Int
  /// What the step is for, for docs/schema.md and error messages.
  let summary: String
  /// The statements of the step, run in the migration's transaction.
  let sql: String
  /// Functions the statements call (quakesd's own), registered on the
  /// migrating connection first.
  var functions: [DatabaseFunction] = []
}
