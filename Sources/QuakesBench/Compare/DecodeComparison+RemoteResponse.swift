extension DecodeComparison {
  /// The feed as the seed decodes it with `JSONDecoder`: Codable structs for
  /// the members a quake needs, the rest ignored.
  struct RemoteResponse: Decodable {
    /// One GeoJSON feature.
    struct Feature: Decodable {
      /// `properties`.
      struct Properties: Decodable {
        let mag: Double?
        let place: String?
        let time: Int64
        let updated: Int64
      }

      /// `geometry`.
      struct Geometry: Decodable {
        let coordinates: [Double]
      }

      let id: String
      let properties: Properties
      let geometry: Geometry
    }

    let features: [Feature]
  }
}
