public import FoundationEssentials

/// What a backfill asks the USGS FDSN event service for: a span of origin
/// times and the conditions the service itself can apply, so that only
/// matching events travel.
///
/// Every condition maps to one FDSN parameter (``parameters``); a list
/// filter the service cannot apply (a place search, a polygon, the tsunami
/// flag, …) has no field here, and ``init(since:until:filter:)`` refuses
/// it rather than fetching more than was asked.
public struct HistoryQuery: Hashable, Sendable, Codable {
  /// The earliest origin time, inclusive, in epoch milliseconds.
  public var since: Int64
  /// The latest origin time, exclusive, in epoch milliseconds.
  public var until: Int64
  /// The smallest magnitude, inclusive.
  public var minMagnitude: Double?
  /// The largest magnitude, inclusive.
  public var maxMagnitude: Double?
  /// The smallest depth in km, inclusive.
  public var minDepth: Double?
  /// The largest depth in km, inclusive.
  public var maxDepth: Double?
  /// A latitude–longitude box.
  public var bbox: GeoBox?
  /// A centre and a radius in km.
  public var near: HistoryCircle?
  /// The event type (`earthquake`, `quarry blast`, …).
  public var eventType: String?
  /// Exactly this PAGER alert level (FDSN's `alertlevel` has no "at least").
  public var alertLevel: AlertLevel?
  /// The fewest "Did You Feel It?" reports.
  public var minFelt: Int?
  /// The smallest community intensity (`cdi`).
  public var minCdi: Double?
  /// The smallest ShakeMap intensity (`mmi`).
  public var minMmi: Double?
  /// The smallest significance (`sig`).
  public var minSignificance: Int?
  /// `automatic` or `reviewed`.
  public var reviewStatus: ReviewStatus?
  /// Only events updated after this time, in epoch milliseconds
  /// (the filter's `updatedAfter`; reconciliation: what changed since the
  /// last one).
  public var updatedAfter: Int64?
  /// Whether deleted events come too, with status `deleted` (reconciliation).
  public var includeDeleted = false
  /// Whether ``until`` is "now" rather than a time the client gave: the same
  /// backfill asked again later (a cancel, a failure, or simply again) then
  /// resumes and reaches up to that later now.
  public var isOpenEnded = false

  /// A query of every event from `since` (inclusive) to `until` (exclusive).
  public init(since: Int64, until: Int64) {
    self.since = since
    self.until = until
  }
}

extension HistoryQuery {
  private enum CodingKeys: String, CodingKey {
    case since, until, minMagnitude, maxMagnitude, minDepth, maxDepth, bbox, near, eventType, alertLevel, minFelt
    case minCdi, minMmi, minSignificance, reviewStatus, updatedAfter, includeDeleted, isOpenEnded
  }

  /// Reads a query as ``HistoryJobsTable`` stored it; a flag a row written
  /// before it existed lacks is `false`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      since: try container.decode(Int64.self, forKey: .since), until: try container.decode(Int64.self, forKey: .until))
    self.minMagnitude = try container.decodeIfPresent(Double.self, forKey: .minMagnitude)
    self.maxMagnitude = try container.decodeIfPresent(Double.self, forKey: .maxMagnitude)
    self.minDepth = try container.decodeIfPresent(Double.self, forKey: .minDepth)
    self.maxDepth = try container.decodeIfPresent(Double.self, forKey: .maxDepth)
    self.bbox = try container.decodeIfPresent(GeoBox.self, forKey: .bbox)
    self.near = try container.decodeIfPresent(HistoryCircle.self, forKey: .near)
    self.eventType = try container.decodeIfPresent(String.self, forKey: .eventType)
    self.alertLevel = try container.decodeIfPresent(AlertLevel.self, forKey: .alertLevel)
    self.minFelt = try container.decodeIfPresent(Int.self, forKey: .minFelt)
    self.minCdi = try container.decodeIfPresent(Double.self, forKey: .minCdi)
    self.minMmi = try container.decodeIfPresent(Double.self, forKey: .minMmi)
    self.minSignificance = try container.decodeIfPresent(Int.self, forKey: .minSignificance)
    self.reviewStatus = try container.decodeIfPresent(ReviewStatus.self, forKey: .reviewStatus)
    self.updatedAfter = try container.decodeIfPresent(Int64.self, forKey: .updatedAfter)
    self.includeDeleted = try container.decodeIfPresent(Bool.self, forKey: .includeDeleted) ?? false
    self.isOpenEnded = try container.decodeIfPresent(Bool.self, forKey: .isOpenEnded) ?? false
  }
}

extension HistoryQuery {
  /// A centre and a radius, as FDSN's `latitude`, `longitude` and `maxradiuskm`.
  public struct HistoryCircle: Hashable, Sendable, Codable {
    /// The centre's latitude in degrees.
    public var latitude: Double
    /// The centre's longitude in degrees.
    public var longitude: Double
    /// The radius in km.
    public var radiusKm: Double

    /// Creates a circle.
    public init(latitude: Double, longitude: Double, radiusKm: Double) {
      self.latitude = latitude
      self.longitude = longitude
      self.radiusKm = radiusKm
    }
  }
}

extension HistoryQuery {
  /// The most events one FDSN request may return; the count endpoint
  /// reports the service's own value, which wins.
  public static let defaultMaximum = 20_000

  /// The query for `filter` (the list filters) from `since` to `until`.
  ///
  /// - Throws: ``HistoryQueryError`` naming each filter the FDSN service
  ///   cannot apply, or a span that is empty or reversed.
  public init(since: Date, until: Date, filter: QuakesQuery.Filter) throws(HistoryQueryError) {
    var unsupported: [String] = []
    for field in filter.givenFields {
      guard case .cannot(let hint) = field.declaration.fdsn else { continue }
      unsupported.append(field.declaration.configuration + (hint.map { " (\($0))" } ?? ""))
    }
    if filter.reviewStatus == ReviewStatus(rawValue: "deleted") { unsupported.append("status deleted") }
    if filter.near != nil, filter.near?.radiusKm == nil { unsupported.append("near without a radius") }
    // FDSN's minradius is in degrees: a ring in km would not be the same ring.
    if filter.near?.minRadiusKm != nil { unsupported.append("near with a least distance") }
    guard unsupported.isEmpty else { throw HistoryQueryError.unsupported(unsupported) }
    let start = Timestamp.milliseconds(since)
    let end = Timestamp.milliseconds(until)
    guard QuakeRanges.milliseconds.contains(start), QuakeRanges.milliseconds.contains(end) else {
      throw HistoryQueryError.outOfRange(since: since, until: until)
    }
    guard start < end else { throw HistoryQueryError.emptySpan(since: since, until: until) }
    self.init(since: start, until: end)
    self.minMagnitude = filter.minMagnitude
    self.maxMagnitude = filter.maxMagnitude
    self.minDepth = filter.minDepth
    self.maxDepth = filter.maxDepth
    self.bbox = filter.bbox
    if let near = filter.near, let radius = near.radiusKm {
      self.near = HistoryCircle(latitude: near.centre.latitude, longitude: near.centre.longitude, radiusKm: radius)
    }
    self.eventType = filter.eventType?.lowercased()
    self.alertLevel = filter.alert
    self.minFelt = filter.minFelt
    self.minCdi = filter.minCdi
    self.minMmi = filter.minMmi
    self.minSignificance = filter.minSignificance
    self.reviewStatus = filter.reviewStatus
    if let updatedAfter = filter.updatedAfter {
      let range = QuakeRanges.milliseconds
      // Rounded down: "after" a time between two milliseconds admits the later one.
      let milliseconds = Timestamp.milliseconds(updatedAfter, rounding: .down)
      self.updatedAfter = min(max(milliseconds, range.lowerBound), range.upperBound)
    }
  }

  /// Whether `other` asks for the same backfill as this one: the same span
  /// and conditions; when both reach up to "now", whatever their now, and
  /// from a start no earlier than this one's (`--since 30d` asked again a
  /// week later is the same backfill, going on).
  public func isSameBackfill(as other: HistoryQuery) -> Bool {
    var mine = self
    var theirs = other
    if mine.isOpenEnded, theirs.isOpenEnded {
      guard theirs.since >= mine.since else { return false }
      mine.until = 0
      theirs.until = 0
      theirs.since = mine.since
    }
    return mine == theirs
  }

  /// The FDSN query parameters of the conditions (not the time span), in a
  /// stable order, values as the service reads them.
  public var parameters: [(name: String, value: String)] {
    var parameters: [(String, String)] = []
    func add(_ name: String, _ value: (some CustomStringConvertible)?) {
      if let value { parameters.append((name, value.description)) }
    }
    add("minmagnitude", self.minMagnitude)
    add("maxmagnitude", self.maxMagnitude)
    add("mindepth", self.minDepth)
    add("maxdepth", self.maxDepth)
    if let box = self.bbox {
      add("minlatitude", box.minLatitude)
      add("maxlatitude", box.maxLatitude)
      add("minlongitude", box.minLongitude)
      // FDSN takes longitudes up to 360: a box across the antimeridian
      // (170 to -170) is 170 to 190.
      add("maxlongitude", box.crossesAntimeridian ? box.maxLongitude + 360 : box.maxLongitude)
    }
    if let near = self.near {
      add("latitude", near.latitude)
      add("longitude", near.longitude)
      add("maxradiuskm", near.radiusKm)
    }
    add("eventtype", self.eventType)
    add("alertlevel", self.alertLevel?.rawValue)
    add("minfelt", self.minFelt)
    add("mincdi", self.minCdi)
    add("minmmi", self.minMmi)
    add("minsig", self.minSignificance)
    add("reviewstatus", self.reviewStatus?.rawValue)
    add("updatedafter", self.updatedAfter.map { Timestamp.iso8601(Timestamp.date(milliseconds: $0)) })
    if self.includeDeleted { add("includedeleted", "true") }
    return parameters
  }
}
