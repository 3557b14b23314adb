import GRDB
public import QuakesData
import QuakesModel

extension SQLiteLocalStore {
  /// How far the cached catalogue reaches (what a reconciliation asks
  /// about); `nil` when it is empty. The times and the smallest magnitude
  /// come from their indexes; the box of the epicentres reads every row,
  /// once per reconciliation.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read.
  public func catalogueExtent() async throws -> CatalogueExtent? {
    do {
      return try await self.writer.read { db -> CatalogueExtent? in
        guard let oldest = try Int64.fetchOne(db, sql: "SELECT min(time) FROM quakes"),
          let newest = try Int64.fetchOne(db, sql: "SELECT max(time) FROM quakes"),
          let box = try Row.fetchOne(
            db, sql: "SELECT min(latitude), max(latitude), min(longitude), max(longitude) FROM quakes"),
          let south = box[0] as Double?, let north = box[1] as Double?, let west = box[2] as Double?,
          let east = box[3] as Double?, south <= north, west <= east
        else { return nil }
        let smallest = try Double.fetchOne(db, sql: "SELECT min(magnitude) FROM quakes WHERE magnitude IS NOT NULL")
        return CatalogueExtent(
          oldest: Timestamp.date(milliseconds: oldest), newest: Timestamp.date(milliseconds: newest),
          smallestMagnitude: smallest, latitudes: south...north, longitudes: west...east)
      }
    } catch {
      throw self.translating(error, .read)
    }
  }
}
