/// USGS GeoJSON summary feeds made in code, shaped like the real ones, for
/// tests that need a feed body (the stand-in serves them).
public enum SyntheticFeed {
  /// A `metadata.generated` for tests, in epoch milliseconds (2023-11-14T22:13:20Z).
  public static let generated: Int64 = 1_700_000_000_000

  /// A feed listing one earthquake per id, each a minute older than the
  /// previous one, the first a minute before `generated`; magnitudes cycle
  /// from 2.0 to 4.9. `extraFeatures` (JSON text, e.g. from
  /// ``feature(id:time:longitude:latitude:depth:magnitude:)``) follow them.
  public static func body(ids: [String], generated: Int64 = Self.generated, extraFeatures: [String] = []) -> String {
    let features = ids.enumerated().map { index, id in
      let time = generated - Int64(index + 1) * 60_000
      return """
        {"type":"Feature","properties":{"mag":\(2.0 + Double(index % 30) / 10),"place":"\(index) km N of Testville, CA",\
        "time":\(time),"updated":\(time),"url":"https://earthquake.usgs.gov/earthquakes/eventpage/\(id)",\
        "status":"reviewed","type":"earthquake","ids":",\(id),","magType":"ml"},\
        "geometry":{"type":"Point","coordinates":[-122.5,37.25,8.5]},"id":"\(id)"}
        """
    }
    return """
      {"type":"FeatureCollection","metadata":{"generated":\(generated),"url":"https://earthquake.usgs.gov/",\
      "title":"USGS All Earthquakes, Past Day","status":200,"api":"1.10.3","count":\(ids.count)},\
      "features":[\((features + extraFeatures).joined(separator: ","))]}
      """
  }

  /// One feature whose numbers are JSON text as given, so a test can send
  /// any value (`9223372036854775807`, `1e308`) where a feed has a number.
  public static func feature(
    id: String,
    time: String = "\(Self.generated - 60_000)",
    longitude: String = "-122.5",
    latitude: String = "37.25",
    depth: String = "8.5",
    magnitude: String = "2.5"
  ) -> String {
    """
    {"type":"Feature","properties":{"mag":\(magnitude),"place":"somewhere","time":\(time),"updated":\(time),\
    "status":"reviewed","type":"earthquake","ids":",\(id),","magType":"ml"},\
    "geometry":{"type":"Point","coordinates":[\(longitude),\(latitude),\(depth)]},"id":"\(id)"}
    """
  }

  /// The ids `prefix0`, `prefix1`, … (`count` of them).
  public static func ids(_ count: Int, prefix: String = "tt") -> [String] {
    (0..<count).map { "\(prefix)\($0)" }
  }
}
