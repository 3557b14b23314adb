import FoundationEssentials

/// The stable JSON shape of a quake, used on the wire and in `--format json`.
///
/// Every key is always present (`null` when unknown), so scripts can rely on
/// the shape; times are ISO 8601 in UTC with milliseconds. docs/protocol.md
/// documents it.
extension Quake: Codable {
  enum CodingKeys: String, CodingKey {
    case id, magnitude, magnitudeType, time, updated, place, longitude, latitude, depth, url,
      status, eventType
    case title, felt, cdi, mmi, alert, tsunami, significance
    case network, code, ids, sources, productTypes, detail, timeZoneOffset
    case stationCount, minimumDistance, rootMeanSquare, azimuthalGap
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      magnitude: try container.decodeIfPresent(Double.self, forKey: .magnitude),
      magnitudeType: try container.decodeIfPresent(String.self, forKey: .magnitudeType),
      time: try Self.decodeTimestamp(container, .time),
      updated: try Self.decodeTimestamp(container, .updated),
      place: try container.decodeIfPresent(String.self, forKey: .place),
      longitude: try container.decode(Double.self, forKey: .longitude),
      latitude: try container.decode(Double.self, forKey: .latitude),
      depth: try container.decodeIfPresent(Double.self, forKey: .depth),
      url: try container.decodeIfPresent(String.self, forKey: .url),
      status: try container.decodeIfPresent(ReviewStatus.self, forKey: .status),
      eventType: try container.decodeIfPresent(String.self, forKey: .eventType),
      impact: QuakeImpact(
        felt: try container.decodeIfPresent(Int.self, forKey: .felt),
        cdi: try container.decodeIfPresent(Double.self, forKey: .cdi),
        mmi: try container.decodeIfPresent(Double.self, forKey: .mmi),
        alert: try container.decodeIfPresent(AlertLevel.self, forKey: .alert),
        tsunami: try container.decodeIfPresent(Bool.self, forKey: .tsunami),
        significance: try container.decodeIfPresent(Int.self, forKey: .significance)),
      solution: QuakeSolution(
        stationCount: try container.decodeIfPresent(Int.self, forKey: .stationCount),
        minimumDistance: try container.decodeIfPresent(Double.self, forKey: .minimumDistance),
        rootMeanSquare: try container.decodeIfPresent(Double.self, forKey: .rootMeanSquare),
        azimuthalGap: try container.decodeIfPresent(Double.self, forKey: .azimuthalGap)),
      catalog: QuakeCatalogEntry(
        title: try container.decodeIfPresent(String.self, forKey: .title),
        network: try container.decodeIfPresent(String.self, forKey: .network),
        code: try container.decodeIfPresent(String.self, forKey: .code),
        ids: try container.decodeIfPresent(CommaWrappedList.self, forKey: .ids),
        sources: try container.decodeIfPresent(CommaWrappedList.self, forKey: .sources),
        productTypes: try container.decodeIfPresent(CommaWrappedList.self, forKey: .productTypes),
        detail: try container.decodeIfPresent(String.self, forKey: .detail),
        timeZoneOffset: try container.decodeIfPresent(Int.self, forKey: .timeZoneOffset))
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.id, forKey: .id)
    try container.encode(self.magnitude, forKey: .magnitude)
    try container.encode(self.magnitudeType, forKey: .magnitudeType)
    try container.encode(Timestamp.iso8601(self.time), forKey: .time)
    try container.encode(Timestamp.iso8601(self.updated), forKey: .updated)
    try container.encode(self.place, forKey: .place)
    try container.encode(self.longitude, forKey: .longitude)
    try container.encode(self.latitude, forKey: .latitude)
    try container.encode(self.depth, forKey: .depth)
    try container.encode(self.url, forKey: .url)
    try container.encode(self.status, forKey: .status)
    try container.encode(self.eventType, forKey: .eventType)
    let catalog = self.catalog
    let impact = self.impact
    let solution = self.solution
    try container.encode(catalog.title, forKey: .title)
    try container.encode(impact.felt, forKey: .felt)
    try container.encode(impact.cdi, forKey: .cdi)
    try container.encode(impact.mmi, forKey: .mmi)
    try container.encode(impact.alert, forKey: .alert)
    try container.encode(impact.tsunami, forKey: .tsunami)
    try container.encode(impact.significance, forKey: .significance)
    try container.encode(catalog.network, forKey: .network)
    try container.encode(catalog.code, forKey: .code)
    try container.encode(catalog.ids, forKey: .ids)
    try container.encode(catalog.sources, forKey: .sources)
    try container.encode(catalog.productTypes, forKey: .productTypes)
    try container.encode(catalog.detail, forKey: .detail)
    try container.encode(catalog.timeZoneOffset, forKey: .timeZoneOffset)
    try container.encode(solution.stationCount, forKey: .stationCount)
    try container.encode(solution.minimumDistance, forKey: .minimumDistance)
    try container.encode(solution.rootMeanSquare, forKey: .rootMeanSquare)
    try container.encode(solution.azimuthalGap, forKey: .azimuthalGap)
  }

  private static func decodeTimestamp(
    _ container: KeyedDecodingContainer<CodingKeys>,
    _ key: CodingKeys
  ) throws -> Date {
    let text = try container.decode(String.self, forKey: key)
    guard let date = Timestamp.parseISO8601(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "\(key.stringValue) \"\(text)\" is not an ISO 8601 time")
    }
    return date
  }
}
