import QuakesModel

/// A quake as a feature of a USGS GeoJSON summary feed: the same property
/// names and encodings (times in epoch milliseconds, `tsunami` as 0 or 1,
/// `ids`, `sources` and `types` as comma-wrapped text), so that whatever
/// reads a USGS feed reads `quakectl --format geojson` — quakesd itself
/// included. Every property is present, `null` when unknown, as in the feeds.
struct USGSFeature: Encodable {
  let type = "Feature"
  let id: String
  let geometry: Geometry
  let properties: Properties

  init(_ quake: Quake) {
    self.id = quake.id
    self.geometry = Geometry(coordinates: [quake.longitude, quake.latitude] + (quake.depth.map { [$0] } ?? []))
    self.properties = Properties(quake)
  }

  struct Geometry: Encodable {
    let type = "Point"
    let coordinates: [Double]
  }

  /// The `properties` of a USGS summary feature, in USGS's order.
  struct Properties: Encodable {
    let quake: Quake

    init(_ quake: Quake) {
      self.quake = quake
    }

    enum CodingKeys: String, CodingKey {
      case mag, place, time, updated, tz, url, detail, felt, cdi, mmi, alert, status, tsunami, sig, net, code, ids
      case sources, types, nst, dmin, rms, gap, magType, type, title
    }

    func encode(to encoder: any Encoder) throws {
      let quake = self.quake
      let impact = quake.impact
      let solution = quake.solution
      let catalog = quake.catalog
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(quake.magnitude, forKey: .mag)
      try container.encode(quake.place, forKey: .place)
      try container.encode(Timestamp.milliseconds(quake.time), forKey: .time)
      try container.encode(Timestamp.milliseconds(quake.updated), forKey: .updated)
      try container.encode(catalog.timeZoneOffset, forKey: .tz)
      try container.encode(quake.url, forKey: .url)
      try container.encode(catalog.detail, forKey: .detail)
      try container.encode(impact.felt, forKey: .felt)
      try container.encode(impact.cdi, forKey: .cdi)
      try container.encode(impact.mmi, forKey: .mmi)
      try container.encode(impact.alert?.rawValue, forKey: .alert)
      try container.encode(quake.status?.rawValue, forKey: .status)
      try container.encode(impact.tsunami.map { $0 ? 1 : 0 }, forKey: .tsunami)
      try container.encode(impact.significance, forKey: .sig)
      try container.encode(catalog.network, forKey: .net)
      try container.encode(catalog.code, forKey: .code)
      try container.encode(catalog.ids?.text, forKey: .ids)
      try container.encode(catalog.sources?.text, forKey: .sources)
      try container.encode(catalog.productTypes?.text, forKey: .types)
      try container.encode(solution.stationCount, forKey: .nst)
      try container.encode(solution.minimumDistance, forKey: .dmin)
      try container.encode(solution.rootMeanSquare, forKey: .rms)
      try container.encode(solution.azimuthalGap, forKey: .gap)
      try container.encode(quake.magnitudeType, forKey: .magType)
      try container.encode(quake.eventType, forKey: .type)
      try container.encode(catalog.title, forKey: .title)
    }
  }
}
