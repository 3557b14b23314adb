import Foundation
import GRDB
import QuakesModel

/// How a ``Quake`` is stored in the `quakes` table, one column per field:
/// times as INTEGER epoch milliseconds (exact, through ``Timestamp``), the
/// review status as its lower-case word, unknown values as NULL.
enum QuakesTable {
  /// Every column, in the order of ``arguments(_:)`` and ``quake(_:)``.
  static let columns = [
    "id", "magnitude", "magnitude_type", "time", "updated", "place", "longitude", "latitude",
    "depth", "url", "status", "event_type",
  ]

  /// Inserts a quake, or replaces every field of the row with its id: a
  /// replayed diff, or an update of a row the file lacks, cannot fail on the key.
  static let upsertSQL: String = {
    let list = Self.columns.joined(separator: ", ")
    let placeholders = Array(repeating: "?", count: Self.columns.count).joined(separator: ", ")
    let assignments = Self.columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    return "INSERT INTO quakes (\(list)) VALUES (\(placeholders)) ON CONFLICT (id) DO UPDATE SET \(assignments)"
  }()

  /// Deletes the row of one id (nothing when there is none).
  static let deleteSQL = "DELETE FROM quakes WHERE id = ?"

  /// Deletes every row.
  static let deleteAllSQL = "DELETE FROM quakes"

  /// Reads every row, columns in ``columns`` order.
  static let selectAllSQL = "SELECT \(QuakesTable.columns.joined(separator: ", ")) FROM quakes"

  /// The values of `quake`'s columns, in ``columns`` order.
  static func arguments(_ quake: Quake) -> StatementArguments {
    [
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
      eventType: try reader.optionalText(11)
    )
  }
}
