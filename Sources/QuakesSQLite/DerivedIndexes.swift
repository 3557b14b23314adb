import GRDB
import QuakesModel

/// The indexes quakesd keeps beside `quakes`, derived from its rows: the
/// R*Tree of epicentres (``SpatialIndexTable``) and the full-text index of
/// places (``SearchIndexTable``). Each write of a quake writes its entries
/// through these, in the same transaction, so the three never disagree.
struct DerivedIndexes {
  private let spatialUpsert: Statement
  private let spatialDelete: Statement
  private let searchInsert: Statement
  private let searchDelete: Statement

  /// The cached statements of `db` that write the entries.
  init(_ db: Database) throws {
    self.spatialUpsert = try db.cachedStatement(sql: SpatialIndexTable.upsertSQL)
    self.spatialDelete = try db.cachedStatement(sql: SpatialIndexTable.deleteSQL)
    self.searchInsert = try db.cachedStatement(sql: SearchIndexTable.insertSQL)
    self.searchDelete = try db.cachedStatement(sql: SearchIndexTable.deleteSQL)
  }

  /// Writes the entries of `quake`, replacing any it had.
  func index(_ quake: Quake) throws {
    try self.spatialUpsert.execute(arguments: SpatialIndexTable.arguments(quake))
    try self.searchDelete.execute(arguments: [SpatialIndexTable.key(of: quake.id)])
    if let arguments = SearchIndexTable.arguments(quake) {
      try self.searchInsert.execute(arguments: arguments)
    }
  }

  /// Writes the entries of `quakes` in the order of their keys: the
  /// full-text index keeps the entries of a transaction in memory while
  /// their keys ascend, and writes them out each time a key goes back
  /// (a batch in random key order wrote 4.7 times slower).
  func index(_ quakes: [Quake]) throws {
    for (_, quake) in quakes.map({ (SpatialIndexTable.key(of: $0.id), $0) }).sorted(by: { $0.0 < $1.0 }) {
      try self.index(quake)
    }
  }

  /// Deletes the entries of the quake with `id`.
  func unindex(_ id: Quake.ID) throws {
    let key = SpatialIndexTable.key(of: id)
    try self.spatialDelete.execute(arguments: [key])
    try self.searchDelete.execute(arguments: [key])
  }

  /// Deletes every entry.
  static func unindexAll(_ db: Database) throws {
    try db.execute(sql: SpatialIndexTable.deleteAllSQL)
    try db.execute(sql: SearchIndexTable.deleteAllSQL)
  }
}
