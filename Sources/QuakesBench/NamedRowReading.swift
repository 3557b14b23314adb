import Foundation
import GRDB
import QuakesModel

/// The `quakes` table read by column name through GRDB's typed `Row`
/// subscripts, as a `FetchableRecord` would, beside the store's own reader
/// (`fetchLocalQuakesQuery`: by position, each value's storage class and
/// range checked, so that a row a script damaged is an error, not a trap
/// in GRDB's conversion). Issue 31 asked whether reading by name matters:
/// this, unchecked, took 249 ms for 100,000 quakes, the store's reader 267
/// ms by position and 602 ms by name with the same checks, so the store
/// keeps reading by position, its order declared once (`QuakesTable.Column`).
enum NamedRowReading {
  /// Every quake of the file at `path`, read by column name.
  static func quakes(at path: String) throws -> [Quake] {
    var configuration = Configuration()
    configuration.readonly = true
    let database = try DatabaseQueue(path: path, configuration: configuration)
    defer { try? database.close() }
    return try database.read { db in
      var quakes: [Quake] = []
      let rows = try Row.fetchCursor(db, sql: "SELECT * FROM quakes")
      while let row = try rows.next() {
        quakes.append(self.quake(row))
      }
      return quakes
    }
  }

  private static func quake(_ row: Row) -> Quake {
    let alert: String? = row["alert"]
    let tsunami: Int? = row["tsunami"]
    let ids: String? = row["ids"]
    let sources: String? = row["sources"]
    let productTypes: String? = row["product_types"]
    let status: String? = row["status"]
    return Quake(
      id: row["id"], magnitude: row["magnitude"], magnitudeType: row["magnitude_type"],
      time: Timestamp.date(milliseconds: row["time"]), updated: Timestamp.date(milliseconds: row["updated"]),
      place: row["place"], longitude: row["longitude"], latitude: row["latitude"], depth: row["depth"],
      url: row["url"], status: status.map { ReviewStatus(rawValue: $0) }, eventType: row["event_type"],
      impact: QuakeImpact(
        felt: row["felt"], cdi: row["cdi"], mmi: row["mmi"], alert: alert.flatMap(AlertLevel.init(rawValue:)),
        tsunami: tsunami.map { $0 == 1 }, significance: row["significance"]),
      solution: QuakeSolution(
        stationCount: row["station_count"], minimumDistance: row["minimum_distance"],
        rootMeanSquare: row["root_mean_square"], azimuthalGap: row["azimuthal_gap"]),
      catalog: QuakeCatalogEntry(
        title: row["title"], network: row["network"], code: row["code"],
        ids: ids.map(CommaWrappedList.init(text:)), sources: sources.map(CommaWrappedList.init(text:)),
        productTypes: productTypes.map(CommaWrappedList.init(text:)), detail: row["detail"],
        timeZoneOffset: row["time_zone_offset"]))
  }
}
