import Foundation
import PostgresNIO
import QuakesData
import QuakesModel

/// How a ``Quake`` is stored in the store's `quakes` table: the columns of
/// the SQLite file's table (docs/schema.md), in the same order, with
/// PostgreSQL's types; times as `bigint` epoch milliseconds, the name keys
/// (``NameKey``) beside the names, and `changed`, the change that last
/// wrote the row (``FencedTransaction``'s sequence), for followers.
enum QuakesTable {
  /// The columns a quake is read from, in the order of ``quake(_:)``.
  static let columns = [
    "id", "magnitude", "magnitude_type", "time", "updated", "place", "longitude", "latitude",
    "depth", "url", "status", "event_type",
    "title", "felt", "cdi", "mmi", "alert", "tsunami", "significance",
    "network", "code", "ids", "sources", "product_types", "detail", "time_zone_offset",
    "station_count", "minimum_distance", "root_mean_square", "azimuthal_gap",
  ]

  /// The columns a quake is written to: ``columns``, its name keys, the
  /// change that wrote it and the change that created it (bound to the
  /// same value; an update keeps the row's).
  static let writtenColumns =
    Self.columns + ["network_key", "event_type_key", "magnitude_type_key", "changed", "created"]

  /// ``columns``, for a SELECT.
  static let selectList = Self.columns.joined(separator: ", ")

  /// Upserts up to `count` quakes in one statement: `count` rows of
  /// ``writtenColumns``' placeholders, each row replacing the one with its id.
  static func upsertSQL(rows count: Int) -> String {
    let width = Self.writtenColumns.count
    let rows = (0..<count).map { row in
      "(" + (1...width).map { "$\(row * width + $0)" }.joined(separator: ", ") + ")"
    }
    let assignments = Self.writtenColumns.dropFirst().filter { $0 != "created" }
      .map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    return "INSERT INTO quakes (\(Self.writtenColumns.joined(separator: ", "))) VALUES "
      + rows.joined(separator: ", ") + " ON CONFLICT (id) DO UPDATE SET \(assignments)"
  }

  /// The most quakes one upsert writes: PostgreSQL takes at most 65,535
  /// parameters a statement.
  static let rowsPerUpsert = 65_535 / Self.writtenColumns.count

  /// Appends `quake`'s values in ``writtenColumns`` order, as change `changed`.
  static func bind(_ quake: Quake, changed: Int64, to binds: inout PostgresBindings) {
    let impact = quake.impact
    let solution = quake.solution
    let catalog = quake.catalog
    binds.append(Self.storable(quake.id))
    binds.append(quake.magnitude)
    binds.append(Self.storable(quake.magnitudeType))
    binds.append(Timestamp.milliseconds(quake.time))
    binds.append(Timestamp.milliseconds(quake.updated))
    binds.append(Self.storable(quake.place))
    binds.append(quake.longitude)
    binds.append(quake.latitude)
    binds.append(quake.depth)
    binds.append(Self.storable(quake.url))
    binds.append(Self.storable(quake.status?.rawValue))
    binds.append(Self.storable(quake.eventType))
    binds.append(Self.storable(catalog.title))
    binds.append(impact.felt.map(Int64.init))
    binds.append(impact.cdi)
    binds.append(impact.mmi)
    binds.append(Self.storable(impact.alert?.rawValue))
    binds.append(impact.tsunami.map { Int32($0 ? 1 : 0) })
    binds.append(impact.significance.map(Int64.init))
    binds.append(Self.storable(catalog.network))
    binds.append(Self.storable(catalog.code))
    binds.append(Self.storable(catalog.ids?.text))
    binds.append(Self.storable(catalog.sources?.text))
    binds.append(Self.storable(catalog.productTypes?.text))
    binds.append(Self.storable(catalog.detail))
    binds.append(catalog.timeZoneOffset.map(Int64.init))
    binds.append(solution.stationCount.map(Int64.init))
    binds.append(solution.minimumDistance)
    binds.append(solution.rootMeanSquare)
    binds.append(solution.azimuthalGap)
    binds.append(Self.storable(NameKey.of(catalog.network)))
    binds.append(Self.storable(NameKey.of(quake.eventType)))
    binds.append(Self.storable(NameKey.of(quake.magnitudeType)))
    binds.append(changed)
    binds.append(changed)
  }

  /// `text` as PostgreSQL's `text` can hold it: U+0000, which it cannot
  /// (SQLite and Swift can, and a feed may send `\u0000`), as U+FFFD, the
  /// replacement character. Refusing it would make the batch that carries
  /// it fail at every poll.
  static func storable(_ text: String) -> String {
    text.utf8.contains(0) ? text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text
  }

  static func storable(_ text: String?) -> String? {
    text.map(Self.storable)
  }

  /// The quake of a row that selects ``columns``.
  ///
  /// - Throws: ``PostgresStoreError`` when a column holds a value of the
  ///   wrong type or outside ``QuakeRanges`` (a row a script damaged).
  static func quake(_ row: PostgresRow) throws -> Quake {
    var reader = PostgresRowReader(row, table: "quakes", columns: Self.columns)
    let id = try reader.text(0)
    reader.name(id)
    return Quake(
      id: id,
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
