import Foundation
import GRDB
import QuakesModel

/// How a ``Quake`` is stored in the `quakes` table, one column per field:
/// times as INTEGER epoch milliseconds (exact, through ``Timestamp``), the
/// review status and alert level as their lower-case words, the tsunami
/// flag as 0 or 1, `ids`, `sources` and `product_types` as USGS writes
/// them (`,us7000abcd,ak0234,`), unknown values as NULL.
enum QuakesTable {
  /// Every column, in the order of ``arguments(_:)`` and ``quake(_:)``.
  static let columns = [
    "id", "magnitude", "magnitude_type", "time", "updated", "place", "longitude", "latitude",
    "depth", "url", "status", "event_type",
    "title", "felt", "cdi", "mmi", "alert", "tsunami", "significance",
    "network", "code", "ids", "sources", "product_types", "detail", "time_zone_offset",
    "station_count", "minimum_distance", "root_mean_square", "azimuthal_gap",
  ]

  /// The network, event type and magnitude type again, as their filters
  /// compare them (``NameKey``), for their indexes; written, never read back.
  static let keyColumns = ["network_key", "event_type_key", "magnitude_type_key"]

  /// Inserts a quake, or replaces every field of the row with its id: a
  /// replayed diff, or an update of a row the file lacks, cannot fail on the key.
  static let upsertSQL: String = {
    let written = Self.columns + Self.keyColumns
    let list = written.joined(separator: ", ")
    let placeholders = Array(repeating: "?", count: written.count).joined(separator: ", ")
    let assignments = written.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    return "INSERT INTO quakes (\(list)) VALUES (\(placeholders)) ON CONFLICT (id) DO UPDATE SET \(assignments)"
  }()

  /// Deletes the row of one id (nothing when there is none).
  static let deleteSQL = "DELETE FROM quakes WHERE id = ?"

  /// Deletes every row.
  static let deleteAllSQL = "DELETE FROM quakes"

  /// Reads every row, columns in ``columns`` order.
  static let selectAllSQL = "SELECT \(QuakesTable.columns.joined(separator: ", ")) FROM quakes"

  /// Reads the row of one id, columns in ``columns`` order.
  static let selectOneSQL = "SELECT \(QuakesTable.columns.joined(separator: ", ")) FROM quakes WHERE id = ?"

  /// The values of `quake`'s columns, in ``columns`` order, then its ``keyColumns``.
  static func arguments(_ quake: Quake) -> StatementArguments {
    let impact = quake.impact
    let solution = quake.solution
    let catalog = quake.catalog
    return [
      quake.id,
      quake.magnitude,
      quake.magnitudeType,
      Timestamp.milliseconds(quake.time),
      Timestamp.milliseconds(quake.updated),
      quake.place,
      quake.longitude,
      quake.latitude,
      quake.depth,
      quake.url,
      quake.status?.rawValue,
      quake.eventType,
      catalog.title,
      impact.felt,
      impact.cdi,
      impact.mmi,
      impact.alert?.rawValue,
      impact.tsunami.map { $0 ? 1 : 0 },
      impact.significance,
      catalog.network,
      catalog.code,
      catalog.ids?.text,
      catalog.sources?.text,
      catalog.productTypes?.text,
      catalog.detail,
      catalog.timeZoneOffset,
      solution.stationCount,
      solution.minimumDistance,
      solution.rootMeanSquare,
      solution.azimuthalGap,
      NameKey.of(catalog.network),
      NameKey.of(quake.eventType),
      NameKey.of(quake.magnitudeType),
    ]
  }

  /// The quake of a row read by ``selectAllSQL``.
  ///
  /// - Throws: ``ColumnValueError`` when a column holds a value of the wrong
  ///   kind or outside ``QuakeRanges`` (a row a script damaged), never a
  ///   crash nor a silent default.
  static func quake(_ row: Row) throws(ColumnValueError) -> Quake {
    let reader = RowReader(row: row, table: "quakes", columns: Self.columns)
    return Quake(
      id: try reader.text(0),
      magnitude: try reader.optionalReal(1, in: QuakeRanges.magnitude),
      magnitudeType: try reader.optionalText(2),
      time: Timestamp.date(milliseconds: try reader.integer(3, in: QuakeRanges.milliseconds)),
      updated: Timestamp.date(milliseconds: try reader.integer(4, in: QuakeRanges.milliseconds)),
      place: try reader.optionalText(5),
      longitude: try reader.real(6, in: QuakeRanges.longitude),
      latitude: try reader.real(7, in: QuakeRanges.latitude),
      depth: try reader.optionalReal(8, in: QuakeRanges.depth),
      url: try reader.optionalText(9),
      status: try reader.optionalText(10).map { ReviewStatus(rawValue: $0) },
      eventType: try reader.optionalText(11),
      impact: QuakeImpact(
        felt: try reader.optionalInteger(13, in: QuakeRanges.felt),
        cdi: try reader.optionalReal(14, in: QuakeRanges.intensity),
        mmi: try reader.optionalReal(15, in: QuakeRanges.intensity),
        alert: try reader.optionalText(16, as: AlertLevel.init(rawValue:)),
        tsunami: try reader.optionalInteger(17, in: 0...1).map { $0 == 1 },
        significance: try reader.optionalInteger(18, in: QuakeRanges.significance)),
      solution: QuakeSolution(
        stationCount: try reader.optionalInteger(26, in: QuakeRanges.stationCount),
        minimumDistance: try reader.optionalReal(27, in: QuakeRanges.minimumDistance),
        rootMeanSquare: try reader.optionalReal(28, in: QuakeRanges.rootMeanSquare),
        azimuthalGap: try reader.optionalReal(29, in: QuakeRanges.azimuthalGap)),
      catalog: QuakeCatalogEntry(
        title: try reader.optionalText(12),
        network: try reader.optionalText(19),
        code: try reader.optionalText(20),
        ids: try reader.optionalText(21).map(CommaWrappedList.init(text:)),
        sources: try reader.optionalText(22).map(CommaWrappedList.init(text:)),
        productTypes: try reader.optionalText(23).map(CommaWrappedList.init(text:)),
        detail: try reader.optionalText(24),
        timeZoneOffset: try reader.optionalInteger(25, in: QuakeRanges.timeZoneOffset))
    )
  }
}
