import Foundation
import GRDB
import QuakesData
import QuakesModel

/// How a ``Quake`` is stored in the `quakes` table, one column per field:
/// times as INTEGER epoch milliseconds (exact, through ``Timestamp``), the
/// review status and alert level as their lower-case words, the tsunami
/// flag as 0 or 1, `ids`, `sources` and `product_types` as USGS writes
/// them (`,us7000abcd,ak0234,`), unknown values as NULL.
enum QuakesTable {
  /// The columns a quake is written to and read from, in their order in
  /// every statement: the one declaration ``columns``, ``arguments(_:)`` and
  /// ``quake(_:)`` follow; a column added here does not compile until
  /// ``Column/value(of:)`` writes it.
  enum Column: Int, CaseIterable, ColumnIndex {
    case id, magnitude, magnitudeType, time, updated, place, longitude, latitude
    case depth, url, status, eventType
    case title, felt, cdi, mmi, alert, tsunami, significance
    case network, code, ids, sources, productTypes, detail, timeZoneOffset
    case stationCount, minimumDistance, rootMeanSquare, azimuthalGap

    /// The column's name in the table: the case in snake_case.
    var name: String {
      String(describing: self).reduce(into: "") { name, character in
        if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
      }
    }

    /// The column's position: every statement that reads quakes selects
    /// ``columns`` in this order. Reading by name, with the same checks,
    /// took 2.3 times as long (`quakes-bench sqlite`: 602 against 267 ms
    /// for 100,000 quakes), so the order is declared once, here, instead.
    var position: Int { self.rawValue }

    func name(in _: [String]) -> String {
      Self.names[self.rawValue]
    }

    /// Every case's ``name``, made once.
    private static let names = Column.allCases.map(\.name)

    /// The quake's value for this column, as the table stores it.
    func value(of parts: Parts) -> (any DatabaseValueConvertible)? {
      switch self {
      case .id: parts.quake.id
      case .magnitude: parts.quake.magnitude
      case .magnitudeType: parts.quake.magnitudeType
      case .time: Timestamp.milliseconds(parts.quake.time)
      case .updated: Timestamp.milliseconds(parts.quake.updated)
      case .place: parts.quake.place
      case .longitude: parts.quake.longitude
      case .latitude: parts.quake.latitude
      case .depth: parts.quake.depth
      case .url: parts.quake.url
      case .status: parts.quake.status?.rawValue
      case .eventType: parts.quake.eventType
      case .title: parts.catalog.title
      case .felt: parts.impact.felt
      case .cdi: parts.impact.cdi
      case .mmi: parts.impact.mmi
      case .alert: parts.impact.alert?.rawValue
      case .tsunami: parts.impact.tsunami.map { $0 ? 1 : 0 }
      case .significance: parts.impact.significance
      case .network: parts.catalog.network
      case .code: parts.catalog.code
      case .ids: parts.catalog.ids?.text
      case .sources: parts.catalog.sources?.text
      case .productTypes: parts.catalog.productTypes?.text
      case .detail: parts.catalog.detail
      case .timeZoneOffset: parts.catalog.timeZoneOffset
      case .stationCount: parts.solution.stationCount
      case .minimumDistance: parts.solution.minimumDistance
      case .rootMeanSquare: parts.solution.rootMeanSquare
      case .azimuthalGap: parts.solution.azimuthalGap
      }
    }
  }

  /// Every column's name, in ``Column`` order.
  static let columns = Column.allCases.map { $0.name(in: []) }

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

  /// A quake with its impact, solution and catalog entry, each read once
  /// (each is assembled from the quake's storage when asked for).
  struct Parts {
    let quake: Quake
    let impact: QuakeImpact
    let solution: QuakeSolution
    let catalog: QuakeCatalogEntry

    init(_ quake: Quake) {
      self.quake = quake
      self.impact = quake.impact
      self.solution = quake.solution
      self.catalog = quake.catalog
    }
  }

  /// The values of `quake`'s columns, in ``columns`` order, then its ``keyColumns``.
  static func arguments(_ quake: Quake) -> StatementArguments {
    let parts = Parts(quake)
    return StatementArguments(
      Column.allCases.map { $0.value(of: parts) } + [
        NameKey.of(parts.catalog.network), NameKey.of(quake.eventType), NameKey.of(quake.magnitudeType),
      ])
  }

  /// The quake of the row `statement` (which selects ``columns``) has
  /// just stepped to (``QuakeRows``).
  ///
  /// - Throws: ``ColumnValueError`` when a column holds a value of the wrong
  ///   kind or outside ``QuakeRanges`` (a row a script damaged), never a
  ///   crash nor a silent default.
  static func quake(at statement: Statement) throws(ColumnValueError) -> Quake {
    let reader = RowReader(statement: statement, table: "quakes", columns: Self.columns)
    return Quake(
      id: try reader.text(Column.id),
      magnitude: try reader.optionalReal(Column.magnitude, in: QuakeRanges.magnitude),
      magnitudeType: try reader.optionalText(Column.magnitudeType),
      time: Timestamp.date(milliseconds: try reader.integer(Column.time, in: QuakeRanges.milliseconds)),
      updated: Timestamp.date(milliseconds: try reader.integer(Column.updated, in: QuakeRanges.milliseconds)),
      place: try reader.optionalText(Column.place),
      longitude: try reader.real(Column.longitude, in: QuakeRanges.longitude),
      latitude: try reader.real(Column.latitude, in: QuakeRanges.latitude),
      depth: try reader.optionalReal(Column.depth, in: QuakeRanges.depth),
      url: try reader.optionalText(Column.url),
      status: try reader.optionalText(Column.status).map { ReviewStatus(rawValue: $0) },
      eventType: try reader.optionalText(Column.eventType),
      impact: QuakeImpact(
        felt: try reader.optionalInteger(Column.felt, in: QuakeRanges.felt),
        cdi: try reader.optionalReal(Column.cdi, in: QuakeRanges.intensity),
        mmi: try reader.optionalReal(Column.mmi, in: QuakeRanges.intensity),
        alert: try reader.optionalText(Column.alert, as: AlertLevel.init(rawValue:)),
        tsunami: try reader.optionalInteger(Column.tsunami, in: 0...1).map { $0 == 1 },
        significance: try reader.optionalInteger(Column.significance, in: QuakeRanges.significance)),
      solution: QuakeSolution(
        stationCount: try reader.optionalInteger(Column.stationCount, in: QuakeRanges.stationCount),
        minimumDistance: try reader.optionalReal(Column.minimumDistance, in: QuakeRanges.minimumDistance),
        rootMeanSquare: try reader.optionalReal(Column.rootMeanSquare, in: QuakeRanges.rootMeanSquare),
        azimuthalGap: try reader.optionalReal(Column.azimuthalGap, in: QuakeRanges.azimuthalGap)),
      catalog: QuakeCatalogEntry(
        title: try reader.optionalText(Column.title),
        network: try reader.optionalText(Column.network),
        code: try reader.optionalText(Column.code),
        ids: try reader.optionalText(Column.ids).map(CommaWrappedList.init(text:)),
        sources: try reader.optionalText(Column.sources).map(CommaWrappedList.init(text:)),
        productTypes: try reader.optionalText(Column.productTypes).map(CommaWrappedList.init(text:)),
        detail: try reader.optionalText(Column.detail),
        timeZoneOffset: try reader.optionalInteger(Column.timeZoneOffset, in: QuakeRanges.timeZoneOffset))
    )
  }
}
