import Foundation

extension FDSNCatalogue {
  /// A catalogue of the features of every `.geojson` file (a USGS feed or
  /// FDSN answer) in the directory at `path`; of an event found in several
  /// files, the copy updated last is kept. Other files are ignored.
  ///
  /// Read leniently, as USGS's older feeds need: a status in capitals is
  /// lowercased, a `tsunami` of `null` is 0, a missing `updated` is the
  /// time; a feature without an id, a time or coordinates is left out.
  ///
  /// - Throws: when the directory or a file cannot be read, or a file is
  ///   not a GeoJSON FeatureCollection.
  public init(directory path: String) throws {
    let directory = URL(fileURLWithPath: path, isDirectory: true)
    let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".geojson") }.sorted()
    var events: [FDSNEvent] = []
    for name in names {
      let data = try Data(contentsOf: directory.appendingPathComponent(name))
      let object = try JSONSerialization.jsonObject(with: data)
      guard let collection = object as? [String: Any], let features = collection["features"] as? [Any] else {
        throw StandInError("\(name) is not a GeoJSON FeatureCollection")
      }
      events.append(contentsOf: features.compactMap { Self.event(fromFeature: $0) })
    }
    self.init(events: events)
  }

  /// The event of one GeoJSON Feature as USGS writes it, or `nil` when it
  /// lacks an id, a time or coordinates.
  private static func event(fromFeature feature: Any) -> FDSNEvent? {
    guard let feature = feature as? [String: Any], let id = feature["id"] as? String, !id.isEmpty,
      let properties = feature["properties"] as? [String: Any],
      let time = Self.number(properties["time"]),
      let geometry = feature["geometry"] as? [String: Any],
      let coordinates = geometry["coordinates"] as? [Any], coordinates.count >= 2,
      let longitude = Self.number(coordinates[0]), let latitude = Self.number(coordinates[1])
    else { return nil }
    let network = properties["net"] as? String ?? String(id.prefix { $0.isLetter })
    let ids = (properties["ids"] as? String)?.split(separator: ",").map(String.init) ?? []
    return FDSNEvent(
      id: id,
      time: Date(timeIntervalSince1970: time / 1_000),
      updated: Self.number(properties["updated"]).map { Date(timeIntervalSince1970: $0 / 1_000) },
      magnitude: Self.number(properties["mag"]),
      latitude: latitude,
      longitude: longitude,
      depth: coordinates.count > 2 ? Self.number(coordinates[2]) ?? 0 : 0,
      place: properties["place"] as? String,
      eventType: properties["type"] as? String ?? "earthquake",
      alert: (properties["alert"] as? String)?.lowercased(),
      status: (properties["status"] as? String)?.lowercased() ?? "automatic",
      felt: Self.number(properties["felt"]).flatMap { Int(exactly: $0.rounded()) },
      cdi: Self.number(properties["cdi"]),
      mmi: Self.number(properties["mmi"]),
      significance: Self.number(properties["sig"]).flatMap { Int(exactly: $0.rounded()) } ?? 0,
      tsunami: (Self.number(properties["tsunami"]) ?? 0) != 0,
      network: network.isEmpty ? "us" : network,
      magnitudeType: properties["magType"] as? String,
      ids: ids.contains(id) ? ids : [id] + ids)
  }

  /// A JSON number's value (`nil` for `null`, a string, or anything else).
  private static func number(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber else { return nil }
    let double = number.doubleValue
    return double.isFinite ? double : nil
  }
}
