import QuakesModel

/// Writes events as the FDSN event service's `text` format: a header line,
/// then one `|`-separated line per event, in the specification's columns
/// (1.2's, with `EventType` last). The network stands for author, catalog,
/// contributor and magnitude author, as in USGS's answers; a `|` or a line
/// break in a place is written as a space, so that each event stays one
/// line of 14 columns.
enum FDSNTextWriter {
  /// The header line.
  static let header =
    "#EventID|Time|Latitude|Longitude|Depth/km|Author|Catalog|Contributor|ContributorID|MagType|Magnitude|MagAuthor|EventLocationName|EventType\n"

  /// One event's line, with its newline.
  static func line(_ quake: Quake) -> String {
    let network = quake.catalog.network ?? ""
    let time = String(Timestamp.iso8601(quake.time).dropLast())
    let fields = [
      quake.id, time, QuakeMLWriter.number(quake.latitude), QuakeMLWriter.number(quake.longitude),
      quake.depth.map(QuakeMLWriter.number) ?? "", network, network, network, quake.id,
      quake.magnitudeType ?? "", quake.magnitude.map(QuakeMLWriter.number) ?? "", network, quake.place ?? "",
      quake.eventType ?? "",
    ]
    return fields.map(Self.cell).joined(separator: "|") + "\n"
  }

  private static func cell(_ text: String) -> String {
    String(text.map { $0 == "|" || $0.isNewline ? " " : $0 })
  }
}
