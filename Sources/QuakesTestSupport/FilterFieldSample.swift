public import QuakesModel

extension QuakesFilterField {
  /// A value that asks for this filter, as JSON on the wire (and, parsed,
  /// in the configuration), and as quakectl's arguments: the tests of the
  /// filter table (every name of ``declaration`` reaches the filter). A
  /// field added to the table does not compile here until it has one.
  public var sample: (json: String, arguments: [String]) {
    switch self {
    case .search: (#""reykjavik""#, ["--search", "reykjavik"])
    case .day: (#""2024-03-10""#, ["--day", "2024-03-10"])
    case .timeZone: (#""Europe/Rome""#, ["--utc"])
    case .since: (#""2024-03-10T00:00:00Z""#, ["--since", "2024-03-10T00:00:00Z"])
    case .until: (#""2024-03-11T00:00:00Z""#, ["--until", "2024-03-11T00:00:00Z"])
    case .updatedAfter: (#""2024-03-10T12:00:00Z""#, ["--updated-after", "2024-03-10T12:00:00Z"])
    case .minMagnitude: ("2.5", ["--min-magnitude", "2.5"])
    case .maxMagnitude: ("6", ["--max-magnitude", "6"])
    case .minDepth: ("-2", ["--min-depth", "-2"])
    case .maxDepth: ("70", ["--max-depth", "70"])
    case .minAlert: (#""yellow""#, ["--min-alert", "yellow"])
    case .alert: (#""orange""#, ["--alert", "orange"])
    case .minFelt: ("10", ["--min-felt", "10"])
    case .minCdi: ("4.5", ["--min-cdi", "4.5"])
    case .minMmi: ("5", ["--min-mmi", "5"])
    case .minSignificance: ("600", ["--min-significance", "600"])
    case .tsunami: ("true", ["--tsunami"])
    case .reviewStatus: (#""reviewed""#, ["--review-status", "reviewed"])
    case .network: (#""us""#, ["--network", "us"])
    case .eventType: (#""earthquake""#, ["--event-type", "earthquake"])
    case .magnitudeType: (#""mww""#, ["--magnitude-type", "mww"])
    case .bbox:
      (
        #"{"minLatitude":63,"maxLatitude":67,"minLongitude":-25,"maxLongitude":-13}"#,
        ["--bbox", "63,-25,67,-13"]
      )
    case .near:
      (#"{"latitude":35.68,"longitude":139.69,"radiusKm":100}"#, ["--near", "35.68,139.69", "--radius", "100"])
    case .within:
      (
        #"{"type":"Polygon","coordinates":[[[-25,63],[-13,63],[-13,67],[-25,67],[-25,63]]]}"#,
        ["--within", "POLYGON-FILE"]
      )
    }
  }
}
