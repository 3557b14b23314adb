/// The bodies the stand-in makes up for its failure modes.
enum StandInBodies {
  /// A valid feed of one quake, for a truncated answer when no body was set.
  static let smallFeed = Array(
    """
    {"type":"FeatureCollection","metadata":{"generated":1700000000000,"title":"USGS stand-in","count":1},\
    "features":[{"type":"Feature","properties":{"mag":2.5,"place":"stand-in","time":1700000000000,\
    "updated":1700000000000,"type":"earthquake","ids":",si00000001,"},\
    "geometry":{"type":"Point","coordinates":[-122.0,37.0,5.0]},"id":"si00000001"}]}
    """.utf8)

  /// JSON that stops in the middle of a feature.
  static let invalidJSON = Array(
    #"{"type":"FeatureCollection","metadata":{"generated":1700000000000,"count":1},"features":[{"type":"Feature","properties":{"mag":"#
      .utf8)

  /// An HTML error page titled `status` (e.g. `503 Service Unavailable`).
  static func htmlPage(status: String) -> [UInt8] {
    Array(
      """
      <!DOCTYPE html>
      <html><head><title>\(status)</title></head>
      <body><h1>\(status)</h1><p>The USGS stand-in was told to answer with an HTML page.</p></body></html>

      """.utf8)
  }

  /// A valid, empty feed padded with spaces to `byteCount` bytes (or the
  /// smallest such feed, when `byteCount` is smaller).
  static func paddedFeed(byteCount: Int) -> [UInt8] {
    let head = Array(#"{"type":"FeatureCollection","features":["#.utf8)
    let tail = Array("]}".utf8)
    let padding = max(0, byteCount - head.count - tail.count)
    return head + [UInt8](repeating: UInt8(ascii: " "), count: padding) + tail
  }
}
