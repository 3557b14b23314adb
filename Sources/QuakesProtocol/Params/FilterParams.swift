import FoundationEssentials
public import QuakesModel

/// Which quakes: the filter params `quakes.list` and `quakes.count` share,
/// under the same names. Every field is optional; absent means "any", and
/// every condition given must hold.
public struct FilterParams: Hashable, Sendable, Codable {
  /// Text the place must contain, ignoring case and diacritics.
  public var search: String?
  /// A calendar day, `YYYY-MM-DD`, in ``timeZone``.
  public var day: String?
  /// The IANA time zone of ``day`` (e.g. `Europe/Rome`); UTC by default.
  public var timeZone: String?
  /// The earliest origin time, inclusive, ISO 8601.
  public var since: String?
  /// The latest origin time, exclusive, ISO 8601.
  public var until: String?
  /// A time USGS last changed the quake after, exclusive, ISO 8601.
  public var updatedAfter: String?
  /// The smallest magnitude, inclusive.
  public var minMagnitude: Double?
  /// The largest magnitude, inclusive.
  public var maxMagnitude: Double?
  /// The smallest depth in km, inclusive.
  public var minDepthKm: Double?
  /// The largest depth in km, inclusive.
  public var maxDepthKm: Double?
  /// The lowest PAGER alert level: `green`, `yellow`, `orange` or `red`.
  public var minAlert: String?
  /// Exactly this PAGER alert level: `green`, `yellow`, `orange` or `red`.
  public var alert: String?
  /// The fewest "Did You Feel It?" reports.
  public var minFelt: Int?
  /// The smallest community intensity (`cdi`), 0–12.
  public var minCdi: Double?
  /// The smallest ShakeMap intensity (`mmi`), 0–12.
  public var minMmi: Double?
  /// The smallest significance (`sig`).
  public var minSignificance: Int?
  /// The tsunami flag the quake must have.
  public var tsunami: Bool?
  /// `automatic`, `reviewed` or `deleted`.
  public var reviewStatus: String?
  /// The network of the preferred solution (`net`, e.g. `us`), in any case.
  public var network: String?
  /// The event type (`earthquake`, `quarry blast`, …), in any case.
  public var eventType: String?
  /// The magnitude type (`ml`, `mww`, …), in any case.
  public var magnitudeType: String?
  /// A centre and a radius; distances and bearings are measured from the centre.
  public var near: NearParams?
  /// A box; `minLongitude` above `maxLongitude` crosses the antimeridian.
  public var bbox: GeoBox?
  /// A GeoJSON Polygon or MultiPolygon, holes respected.
  public var within: GeometryParams?

  /// Params that match every quake; set the fields to narrow them.
  public init() {}

  /// The review statuses a filter may ask for.
  public static let reviewStatuses = ["automatic", "reviewed", "deleted"]

  /// The selector's filter for these params.
  ///
  /// - Throws: ``ErrorCode/invalidRequest`` naming the param and the values it takes.
  public func filter() throws(ProtocolError) -> QuakesQuery.Filter {
    var filter = QuakesQuery.Filter()
    for field in QuakesFilterField.allCases {
      try self.convert(field, into: &filter)
    }
    return filter
  }

  /// Sets `field` of `filter` from the param of its wire name
  /// (``QuakesFilterField/Declaration/wire``), checked. Each filter of the
  /// table has its case here: one added there does not compile until the
  /// wire reads it.
  private func convert(_ field: QuakesFilterField, into filter: inout QuakesQuery.Filter) throws(ProtocolError) {
    let name = field.declaration.wire
    switch field {
    case .search: filter.search = self.search ?? ""
    case .day:
      guard let day = self.day else { return }
      guard let parsed = QuakesQuery.Day(day) else {
        throw ProtocolError(.invalidRequest, "\"\(name)\" must be a date as YYYY-MM-DD, not \"\(day)\"")
      }
      filter.day = parsed
    case .timeZone:
      guard let zoneName = self.timeZone else { return }
      guard let zone = TimeZone(identifier: zoneName) else {
        throw ProtocolError(
          .invalidRequest, "\"\(name)\" must be an IANA time zone such as Europe/Rome or UTC, not \"\(zoneName)\"")
      }
      filter.timeZone = zone
    case .since: filter.since = try Self.time(self.since, name)
    case .until: filter.until = try Self.time(self.until, name)
    case .updatedAfter: filter.updatedAfter = try Self.time(self.updatedAfter, name)
    case .minMagnitude: filter.minMagnitude = try Self.finite(self.minMagnitude, name)
    case .maxMagnitude: filter.maxMagnitude = try Self.finite(self.maxMagnitude, name)
    case .minDepth: filter.minDepth = try Self.finite(self.minDepthKm, name)
    case .maxDepth: filter.maxDepth = try Self.finite(self.maxDepthKm, name)
    case .minAlert: filter.minAlert = try Self.alertLevel(self.minAlert, name)
    case .alert: filter.alert = try Self.alertLevel(self.alert, name)
    case .minFelt: filter.minFelt = self.minFelt
    case .minCdi: filter.minCdi = try Self.finite(self.minCdi, name)
    case .minMmi: filter.minMmi = try Self.finite(self.minMmi, name)
    case .minSignificance: filter.minSignificance = self.minSignificance
    case .tsunami: filter.tsunami = self.tsunami
    case .reviewStatus:
      guard let word = self.reviewStatus else { return }
      guard Self.reviewStatuses.contains(word.lowercased()) else {
        throw ProtocolError(
          .invalidRequest, "\"\(name)\" must be one of \(Self.reviewStatuses.joined(separator: ", ")), not \"\(word)\"")
      }
      filter.reviewStatus = ReviewStatus(rawValue: word)
    case .network: filter.network = self.network
    case .eventType: filter.eventType = self.eventType
    case .magnitudeType: filter.magnitudeType = self.magnitudeType
    case .bbox: filter.bbox = try self.bbox.map { box throws(ProtocolError) in try GeoValidation.box(box) }
    case .near: filter.near = try self.near?.circle()
    case .within: filter.within = try self.within?.region()
    }
  }

  private static func time(_ text: String?, _ name: String) throws(ProtocolError) -> Date? {
    guard let text else { return nil }
    guard let date = Timestamp.parseISO8601(text) else {
      throw ProtocolError(
        .invalidRequest, "\"\(name)\" must be an ISO 8601 time such as 2024-03-10T12:00:00Z, not \"\(text)\"")
    }
    return date
  }

  private static func alertLevel(_ word: String?, _ name: String) throws(ProtocolError) -> AlertLevel? {
    guard let word else { return nil }
    guard let level = AlertLevel(word: word) else {
      throw ProtocolError(
        .invalidRequest,
        "\"\(name)\" must be one of \(AlertLevel.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(word)\"")
    }
    return level
  }

  private static func finite(_ value: Double?, _ name: String) throws(ProtocolError) -> Double? {
    if let value, !value.isFinite {
      throw ProtocolError(.invalidRequest, "\"\(name)\" must be a finite number")
    }
    return value
  }
}
