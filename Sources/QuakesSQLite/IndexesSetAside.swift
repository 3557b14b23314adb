import GRDB

/// The secondary indexes of `quakes`, dropped for a batch that inserts at
/// least as many rows as the table holds, and made again from its rows afterwards, in
/// the same transaction.
///
/// Kept up row by row, each index takes each new row into a page of its
/// own order (by magnitude, by depth, …), in random order; `CREATE INDEX`
/// sorts the rows once and writes each page once. A first ingest of
/// 100,000 quakes spent most of its SQLite time descending these B-trees
/// (docs/benchmarks-analysis.md). A reader sees the indexes throughout: it
/// reads the snapshot before the transaction, or the one after.
package struct IndexesSetAside {
  /// Batches inserting fewer rows than this keep the indexes up row by row.
  package static let threshold = 20_000

  private let definitions: [String]

  /// Drops the secondary indexes of `quakes` in `db` when `inserting` rows
  /// is at least ``threshold`` and at least the rows the table holds.
  init(_ db: Database, inserting: Int) throws {
    // Without its count (a file changed behind quakesd's back), the table
    // may be large: the indexes stay up.
    guard let holding = try Int.fetchOne(db, sql: "SELECT n FROM quakes_count"),
      Self.applies(inserting: inserting, holding: holding)
    else {
      self.definitions = []
      return
    }
    let indexes = try Row.fetchAll(
      db,
      sql: "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'quakes' AND sql IS NOT NULL")
    self.definitions = indexes.compactMap { $0["sql"] }
    for index in indexes {
      let name: String = index["name"]
      try db.execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)")
    }
  }

  /// Whether a batch inserting `inserting` rows into a table of `holding`
  /// rows sets the indexes aside: when it is large, and at least doubles the table.
  package static func applies(inserting: Int, holding: Int) -> Bool {
    inserting >= Self.threshold && inserting >= holding
  }

  /// Makes the dropped indexes again, as they were defined.
  func restore(_ db: Database) throws {
    for definition in self.definitions {
      try db.execute(sql: definition)
    }
  }
}
