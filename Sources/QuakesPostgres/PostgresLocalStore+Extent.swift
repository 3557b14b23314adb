import PostgresNIO
public import QuakesData
import QuakesModel

extension PostgresLocalStore {
  /// How far the cached catalogue reaches (what a reconciliation asks
  /// about); `nil` when it is empty. One aggregate read of every row, once
  /// per reconciliation.
  ///
  /// - Throws: ``PostgresStoreError`` when the store cannot be read.
  public func catalogueExtent() async throws -> CatalogueExtent? {
    try await self.store.read { connection in
      let rows = try await connection.query(
        """
        SELECT min(time), max(time), min(magnitude), min(latitude), max(latitude), min(longitude), max(longitude)
        FROM quakes
        """)
      guard let row = rows.first else { return nil }
      let reader = PostgresRowReader(
        row, table: "quakes", columns: ["min(time)", "max(time)", "min(magnitude)", "latitudes", "", "longitudes", ""])
      let time = QuakeRanges.milliseconds
      guard let oldest = try reader.optionalInteger(0, in: time), let newest = try reader.optionalInteger(1, in: time),
        let south = try reader.optionalReal(3, in: QuakeRanges.latitude),
        let north = try reader.optionalReal(4, in: QuakeRanges.latitude),
        let west = try reader.optionalReal(5, in: QuakeRanges.longitude),
        let east = try reader.optionalReal(6, in: QuakeRanges.longitude), south <= north, west <= east
      else { return nil }
      return CatalogueExtent(
        oldest: Timestamp.date(milliseconds: oldest), newest: Timestamp.date(milliseconds: newest),
        smallestMagnitude: try reader.optionalReal(2, in: QuakeRanges.magnitude), latitudes: south...north,
        longitudes: west...east)
    }
  }
}
