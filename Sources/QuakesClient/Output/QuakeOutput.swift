public import FoundationEssentials
public import QuakesModel
public import QuakesProtocol

/// Quakes in each output format. The JSON shapes are the wire's (docs/protocol.md);
/// CSV and GeoJSON are documented in docs/cli.md and stable.
public struct QuakeOutput: Sendable {
  /// Print times in UTC instead of the local time zone (tables).
  public var utc: Bool
  /// Colour magnitudes (tables on a terminal, never with `NO_COLOR`).
  public var colour: Bool
  /// The time ages are counted from.
  public var now: Date

  public init(utc: Bool, colour: Bool, now: Date = Date()) {
    self.utc = utc
    self.colour = colour
    self.now = now
  }

  /// The CSV header, in column order.
  public static let csvColumns = [
    "id", "time", "magnitude", "magnitude_type", "place", "latitude", "longitude", "depth_km", "status", "event_type",
    "updated", "url", "title", "felt", "cdi", "mmi", "alert", "tsunami", "significance", "network", "code",
    "detail", "time_zone_offset", "station_count", "minimum_distance", "root_mean_square", "azimuthal_gap",
  ]

  /// A table: time, age, magnitude (one decimal), depth, place, id.
  public func table(_ quakes: [Quake]) -> String {
    self.table(quakes.map { ListedQuake($0) })
  }

  /// A table of a list: time, age, magnitude (one decimal), depth, and, when
  /// the list was measured from a point, distance and direction, then place and id.
  public func table(_ quakes: [ListedQuake]) -> String {
    let measured = quakes.contains { $0.distanceKm != nil }
    var columns: [TextTable.Column] = [
      .init(self.utc ? "TIME (UTC)" : "TIME"), .init("AGE", alignsRight: true), .init("MAG", alignsRight: true),
      .init("DEPTH", alignsRight: true),
    ]
    if measured { columns.append(.init("DISTANCE", alignsRight: true)) }
    var table = TextTable(columns: columns + [.init("PLACE"), .init("ID")])
    table.rows = quakes.map { listed in
      let quake = listed.quake
      var row = [
        self.timeText(quake.time), RelativeAge.text(quake.time, now: self.now), Self.magnitudeText(quake.magnitude),
        quake.depth.map { String(printf: "%.1f km", $0) } ?? "-",
      ]
      if measured { row.append(Self.distanceText(listed)) }
      return row + [quake.place ?? "-", quake.id]
    }
    return table.render { row, column, text in
      guard self.colour, column == 2, let magnitude = quakes[row].quake.magnitude else { return text }
      let code = magnitude >= 5 ? "31;1" : magnitude >= 3 ? "33" : nil
      return code.map { "\u{1B}[\($0)m\(text)\u{1B}[0m" } ?? text
    }
  }

  /// `123 km NE`: the distance, and the direction from the point to the quake
  /// on a 16-point compass.
  private static func distanceText(_ listed: ListedQuake) -> String {
    guard let distance = listed.distanceKm else { return "-" }
    let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
    // The bearing comes over the wire: any finite value maps onto the compass.
    let direction =
      listed.bearing.flatMap { bearing in
        guard bearing.isFinite else { return nil }
        let degrees = bearing.truncatingRemainder(dividingBy: 360) + (bearing < 0 ? 360 : 0)
        return " " + points[Int((degrees / 22.5).rounded()) % 16]
      } ?? ""
    return String(printf: "%.0f km", distance) + direction
  }

  /// One quake, every field, a line each ("-" when unknown).
  public func details(_ quake: Quake) -> String {
    let impact = quake.impact
    let solution = quake.solution
    let catalog = quake.catalog
    let fields: [(String, String)] = [
      ("id", quake.id), ("title", catalog.title ?? "-"),
      ("time", "\(self.timeText(quake.time)) (\(RelativeAge.text(quake.time, now: self.now)))"),
      ("magnitude", "\(Self.magnitudeText(quake.magnitude)) \(quake.magnitudeType ?? "")"),
      ("place", quake.place ?? "-"), ("latitude", String(quake.latitude)), ("longitude", String(quake.longitude)),
      ("depth", quake.depth.map { "\($0) km" } ?? "-"), ("status", quake.status?.rawValue ?? "-"),
      ("event type", quake.eventType ?? "-"),
      ("felt reports", Self.text(impact.felt)), ("cdi", Self.text(impact.cdi)), ("mmi", Self.text(impact.mmi)),
      ("alert", impact.alert?.rawValue ?? "-"), ("tsunami", impact.tsunami.map { $0 ? "yes" : "no" } ?? "-"),
      ("significance", Self.text(impact.significance)),
      ("stations", Self.text(solution.stationCount)),
      ("nearest station", solution.minimumDistance.map { "\($0)°" } ?? "-"),
      ("rms residual", solution.rootMeanSquare.map { "\($0) s" } ?? "-"),
      ("azimuthal gap", solution.azimuthalGap.map { "\($0)°" } ?? "-"),
      ("network", catalog.network ?? "-"), ("code", catalog.code ?? "-"),
      ("ids", catalog.ids.map { $0.elements.joined(separator: " ") } ?? "-"),
      ("sources", catalog.sources.map { $0.elements.joined(separator: " ") } ?? "-"),
      ("products", catalog.productTypes.map { $0.elements.joined(separator: " ") } ?? "-"),
      ("time zone", catalog.timeZoneOffset.map { "\($0) min" } ?? "-"),
      ("updated", self.timeText(quake.updated)), ("url", quake.url ?? "-"), ("detail", catalog.detail ?? "-"),
    ]
    let width = fields.map(\.0.count).max() ?? 0
    return fields.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }.joined(
      separator: "\n") + "\n"
  }

  /// CSV (RFC 4180): a header, then one row per quake; times ISO 8601 UTC.
  public func csv(_ quakes: [Quake]) -> String {
    CSVField.document(header: Self.csvColumns, rows: quakes.map(Self.csvRow))
  }

  /// The CSV of a list: with `distance_km` and `bearing` columns at the end
  /// when the list was measured from a point.
  public func csv(_ quakes: [ListedQuake]) -> String {
    guard quakes.contains(where: { $0.distanceKm != nil }) else { return self.csv(quakes.map(\.quake)) }
    return CSVField.document(header: Self.csvHeader(measured: true), rows: quakes.map(Self.csvRow(measured:)))
  }

  /// The CSV header of a list, with `distance_km` and `bearing` when it was measured.
  static func csvHeader(measured: Bool) -> [String] {
    measured ? Self.csvColumns + ["distance_km", "bearing"] : Self.csvColumns
  }

  /// The CSV row of a quake of a measured list: its distance and bearing last.
  static func csvRow(measured quake: ListedQuake) -> [String] {
    Self.csvRow(quake.quake) + [Self.text(quake.distanceKm, unknown: ""), Self.text(quake.bearing, unknown: "")]
  }

  /// One quake as CSV fields, in ``csvColumns`` order.
  public static func csvRow(_ quake: Quake) -> [String] {
    let numbers: [String] = [String(quake.latitude), String(quake.longitude), quake.depth.map { String($0) } ?? ""]
    let head: [String] = [
      quake.id, Timestamp.iso8601(quake.time), quake.magnitude.map { String($0) } ?? "", quake.magnitudeType ?? "",
      quake.place ?? "",
    ]
    let tail: [String] = [
      quake.status?.rawValue ?? "", quake.eventType ?? "", Timestamp.iso8601(quake.updated), quake.url ?? "",
    ]
    let impact = quake.impact
    let solution = quake.solution
    let catalog = quake.catalog
    let more: [String] = [
      catalog.title ?? "", Self.text(impact.felt, unknown: ""), Self.text(impact.cdi, unknown: ""),
      Self.text(impact.mmi, unknown: ""),
      impact.alert?.rawValue ?? "", impact.tsunami.map { $0 ? "1" : "0" } ?? "",
      Self.text(impact.significance, unknown: ""),
      catalog.network ?? "", catalog.code ?? "", catalog.detail ?? "", Self.text(catalog.timeZoneOffset, unknown: ""),
      Self.text(solution.stationCount, unknown: ""), Self.text(solution.minimumDistance, unknown: ""),
      Self.text(solution.rootMeanSquare, unknown: ""),
      Self.text(solution.azimuthalGap, unknown: ""),
    ]
    return head + numbers + tail + more
  }

  /// A GeoJSON FeatureCollection (RFC 7946) in the shape of a USGS summary
  /// feed: each quake a Point `[longitude, latitude, depth]` with the USGS
  /// properties (``USGSFeature``).
  public func geoJSON(_ quakes: [Quake]) throws -> Data {
    let collection = FeatureCollection(
      metadata: .init(generated: Timestamp.milliseconds(self.now), count: quakes.count),
      features: quakes.map(USGSFeature.init))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(collection) + Data("\n".utf8)
  }

  /// What starts ``geoJSON(_:)`` when it is printed a feature at a time
  /// (sorted keys put `features` first).
  public static let geoJSONOpening = Data(#"{"features":["#.utf8)

  /// One feature of ``geoJSON(_:)``, as it appears there.
  public func geoJSONFeature(_ quake: Quake) throws -> Data {
    try Self.encoder.encode(USGSFeature(quake))
  }

  /// What ends ``geoJSON(_:)`` of `count` features, after the last one.
  public func geoJSONClosing(count: Int) throws -> Data {
    let metadata = try Self.encoder.encode(
      FeatureCollection.Metadata(generated: Timestamp.milliseconds(self.now), count: count))
    return Data("],\"metadata\":".utf8) + metadata + Data(",\"type\":\"FeatureCollection\"}\n".utf8)
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `value` as one line of JSON with sorted keys.
  public static func jsonLine(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value) + Data("\n".utf8)
  }

  /// `values` as NDJSON, a ``jsonLine(_:)`` each, appended to one buffer
  /// (adding `Data` values up copies everything before each line: quadratic).
  public static func jsonLines(_ values: some Sequence<some Encodable>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = Data()
    for value in values {
      data.append(try encoder.encode(value))
      data.append(0x0A)
    }
    return data
  }

  /// A number's shortest exact text, `unknown` when there is none.
  private static func text<Number: LosslessStringConvertible>(_ value: Number?, unknown: String = "-") -> String {
    value.map { String($0) } ?? unknown
  }

  private static func magnitudeText(_ magnitude: Double?) -> String {
    magnitude.map { String(printf: "%.1f", $0) } ?? "-"
  }

  private func timeText(_ date: Date) -> String {
    LocalTimeZone.wallClockText(date, utc: self.utc)
  }

  /// A FeatureCollection shaped like a USGS summary feed: `metadata` with
  /// `generated` (now) and `count`, then the features.
  private struct FeatureCollection: Encodable {
    struct Metadata: Encodable {
      let generated: Int64
      let title = "quakectl"
      let count: Int
    }

    let type = "FeatureCollection"
    let metadata: Metadata
    let features: [USGSFeature]
  }
}
