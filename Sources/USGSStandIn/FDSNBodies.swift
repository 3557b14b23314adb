import QuakesModel

/// The bodies of the stand-in's FDSN event service, as USGS writes them.
enum FDSNBodies {
  /// USGS's plain-text error page: `Error 400: Bad Request`, the message,
  /// and the request and service it answers.
  static func errorPage(code: Int, reason: String, message: String, uri: String, now: Int64) -> [UInt8] {
    Array(
      """
      Error \(code): \(reason)

      \(message)

      Usage details are available from https://earthquake.usgs.gov/fdsnws/event/1

      Request:
      \(uri)

      Request Submitted:
      \(Timestamp.iso8601(Timestamp.date(milliseconds: now)))

      Service version:
      \(USGSStandIn.fdsnVersion)

      """.utf8)
  }

  /// USGS's refusal of a query matching more than `maximum` events.
  static func tooManyMessage(count: Int, maximum: Int) -> String {
    "\(count) matching events exceeds search limit of \(maximum). Modify the search to match fewer events."
  }

  /// A `query` answer: a FeatureCollection of `events` in order, with
  /// USGS's metadata and the bounding box of the events (none when empty).
  static func featureCollection(_ events: [FDSNEvent], url: String, now: Int64) -> [UInt8] {
    var json: [UInt8] = []
    json.reserveCapacity(400 + events.count * 1_100)
    json.append(contentsOf: #"{"type":"FeatureCollection","metadata":{"generated":\#(now),"url":"#.utf8)
    json.append(contentsOf: FDSNEvent.string(url).utf8)
    json.append(
      contentsOf:
        #","title":"USGS Earthquakes","status":200,"api":"\#(USGSStandIn.fdsnVersion)","count":\#(events.count)},"#
        .utf8)
    json.append(contentsOf: #""features":["#.utf8)
    for (index, event) in events.enumerated() {
      if index > 0 { json.append(UInt8(ascii: ",")) }
      event.appendGeoJSONFeature(to: &json)
    }
    json.append(UInt8(ascii: "]"))
    if let first = events.first {
      var low = (first.longitude, first.latitude, first.depth)
      var high = low
      for event in events.dropFirst() {
        low = (min(low.0, event.longitude), min(low.1, event.latitude), min(low.2, event.depth))
        high = (max(high.0, event.longitude), max(high.1, event.latitude), max(high.2, event.depth))
      }
      let box = [low.0, low.1, low.2, high.0, high.1, high.2].map { FDSNEvent.number($0) }
      json.append(contentsOf: #","bbox":[\#(box.joined(separator: ","))]"#.utf8)
    }
    json.append(UInt8(ascii: "}"))
    return json
  }

  /// A `count` answer in GeoJSON: `{"count":N,"maxAllowed":M}`.
  static func count(_ count: Int, maximum: Int) -> [UInt8] {
    Array(#"{"count":\#(count),"maxAllowed":\#(maximum)}"#.utf8)
  }
}
