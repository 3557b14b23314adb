import GRDB
import QuakesModel

/// `quakes_rtree`: an R*Tree over the epicentres, so that a script's box
/// query reads the index, not every row (docs/schema.md shows the queries).
///
/// `quakes` is keyed by the USGS id, a text, and an R*Tree's key must be an
/// integer: each row's key is a 63-bit FNV-1a hash of the id (``key(of:)``),
/// and the id itself rides along as an auxiliary column to join on. quakesd
/// writes the index in the same transaction as `quakes`. Two ids with the
/// same hash would share one entry (the odds at a million quakes are about 1
/// in 20 million); the box pre-filter is always followed by an exact test on
/// `quakes`' own columns, so a query can miss such a quake but never return
/// a wrong one.
enum SpatialIndexTable {
  /// Inserts or replaces the entry of one quake.
  static let upsertSQL = """
    INSERT OR REPLACE INTO quakes_rtree (key, min_latitude, max_latitude, min_longitude, max_longitude, id)
    VALUES (?, ?, ?, ?, ?, ?)
    """
  /// Deletes the entry of one key.
  static let deleteSQL = "DELETE FROM quakes_rtree WHERE key = ?"
  /// Deletes every entry.
  static let deleteAllSQL = "DELETE FROM quakes_rtree"

  /// The name of the SQL function the migration fills the index with.
  static let keyFunctionName = "quakesd_spatial_key"

  /// The entry of `quake`, in ``upsertSQL``'s order.
  static func arguments(_ quake: Quake) -> StatementArguments {
    [Self.key(of: quake.id), quake.latitude, quake.latitude, quake.longitude, quake.longitude, quake.id]
  }

  /// The R*Tree key of the quake with `id`: FNV-1a over its UTF-8, 63 bits.
  static func key(of id: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int64(bitPattern: hash & 0x7FFF_FFFF_FFFF_FFFF)
  }

  /// ``key(of:)`` as a SQL function, for the migration that fills the index
  /// from the rows a file already holds.
  static let keyFunction = DatabaseFunction(keyFunctionName, argumentCount: 1, pure: true) { values in
    String.fromDatabaseValue(values[0]).map(Self.key(of:))
  }
}
