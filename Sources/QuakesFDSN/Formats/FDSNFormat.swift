/// What `format=` asks for.
enum FDSNFormat: String, CaseIterable, Sendable {
  /// QuakeML 1.2 BED, the specification's default (`xml`; USGS's alias `quakeml`).
  case xml
  /// The specification's `#EventID|Time|…` table.
  case text
  /// USGS's GeoJSON, the bytes of `quakectl list --format geojson`.
  case geojson

  /// The format `name` asks for; `nil` for one the service does not serve.
  init?(name: String) {
    switch name.lowercased() {
    case "xml", "quakeml": self = .xml
    case "text": self = .text
    case "geojson": self = .geojson
    default: return nil
    }
  }

  /// The `Content-Type` of an answer in this format.
  var contentType: String {
    switch self {
    case .xml: "application/xml"
    case .text: "text/plain; charset=utf-8"
    case .geojson: "application/json"
    }
  }
}
