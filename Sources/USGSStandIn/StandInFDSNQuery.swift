import Foundation
import QuakesModel

/// The parameters of one FDSN `query` or `count` request, read and checked
/// as USGS reads them (lower-case names, the FDSN aliases such as
/// `minmag` and `start` too), and the selection they make from a
/// ``FDSNCatalogue``.
///
/// Times are whole milliseconds since 1970; `starttime` and `endtime` are
/// inclusive and default, as at USGS, to 30 days before the request and to
/// its arrival. Every other condition applies only when given.
struct StandInFDSNQuery: Sendable {
  /// `orderby`.
  enum Order: String, Sendable {
    case time
    case timeAscending = "time-asc"
    case magnitude
    case magnitudeAscending = "magnitude-asc"
  }

  /// `reviewstatus`.
  enum ReviewStatus: String, Sendable {
    case all, automatic, reviewed
  }

  /// `includedeleted`: `false` (the default), `true`, or `only`.
  enum Deleted: String, Sendable {
    case exclude = "false"
    case include = "true"
    case only
  }

  /// A great circle around a point: `latitude`, `longitude`, and
  /// `maxradius` (degrees) or `maxradiuskm`, as a central angle in radians.
  struct Circle: Sendable {
    var latitude: Double
    var longitude: Double
    var maximumAngle: Double
  }

  /// The mean Earth radius USGS measures `maxradiuskm` with (IUGG), km.
  static let earthRadius = 6_371.008_8

  private static let aliases = [
    "start": "starttime", "end": "endtime", "minmag": "minmagnitude", "maxmag": "maxmagnitude",
    "minlat": "minlatitude", "maxlat": "maxlatitude", "minlon": "minlongitude", "maxlon": "maxlongitude",
    "lat": "latitude", "lon": "longitude",
  ]

  private static let names: Set<String> = [
    "format", "starttime", "endtime", "updatedafter", "minmagnitude", "maxmagnitude", "mindepth", "maxdepth",
    "minlatitude", "maxlatitude", "minlongitude", "maxlongitude", "latitude", "longitude", "maxradius", "maxradiuskm",
    "eventtype", "alertlevel", "minfelt", "mincdi", "maxcdi", "minmmi", "maxmmi", "minsig", "maxsig", "reviewstatus",
    "includedeleted", "orderby", "limit", "offset", "nodata",
  ]

  /// `format`, if given (the responder checks it against the method).
  var format: String?
  /// `starttime`, inclusive (default: 30 days before the request).
  var start: Int64
  /// `endtime`, inclusive (default: the request's arrival).
  var end: Int64
  /// `updatedafter`: only events updated strictly after it.
  var updatedAfter: Int64?
  /// `minmagnitude` and `maxmagnitude`, inclusive; either leaves out events without a magnitude.
  var minimumMagnitude: Double?
  var maximumMagnitude: Double?
  /// `mindepth` and `maxdepth` in km, inclusive.
  var minimumDepth: Double?
  var maximumDepth: Double?
  /// The rectangle (`minlatitude` … `maxlongitude`), inclusive; longitudes -360…360.
  var minimumLatitude: Double?
  var maximumLatitude: Double?
  var minimumLongitude: Double?
  var maximumLongitude: Double?
  /// `latitude`, `longitude` and `maxradius` or `maxradiuskm`.
  var circle: Circle?
  /// `eventtype`: a comma-separated list, matched exactly.
  var eventTypes: Set<String>?
  /// `alertlevel`, matched exactly.
  var alertLevel: String?
  /// `minfelt`, `mincdi`/`maxcdi`, `minmmi`/`maxmmi`: events without the figure are left out.
  var minimumFelt: Int?
  var minimumCDI: Double?
  var maximumCDI: Double?
  var minimumMMI: Double?
  var maximumMMI: Double?
  /// `minsig` and `maxsig`, inclusive.
  var minimumSignificance: Int?
  var maximumSignificance: Int?
  /// `reviewstatus` (deleted events pass it: their review status is gone).
  var reviewStatus = ReviewStatus.all
  /// `includedeleted`.
  var deleted = Deleted.exclude
  /// `orderby`: newest first by default.
  var order = Order.time
  /// `limit`, 1 to the service's maximum, if given.
  var limit: Int?
  /// `offset`, 1-based: the first event served is the `offset`th match.
  var offset = 1
  /// `nodata`: 204 or 404. GeoJSON answers an empty collection instead, as USGS does.
  var noData = 204

  /// Reads the query string `query` (what follows `?`, percent-encoded)
  /// of a request that arrived at `now`, for a service serving at most
  /// `maximum` events.
  ///
  /// - Throws: ``FDSNBadRequest`` naming the first unknown parameter or bad value.
  init(query: String, now: Int64, maximum: Int) throws(FDSNBadRequest) {
    var parameters: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let rawName = String(parts[0])
      guard let name = Self.decoded(rawName), let value = Self.decoded(parts.count > 1 ? String(parts[1]) : "") else {
        throw FDSNBadRequest("Bad percent-encoding in \"\(pair)\".")
      }
      if name.isEmpty { continue }
      let canonical = Self.aliases[name] ?? name
      guard Self.names.contains(canonical) else { throw FDSNBadRequest("Unknown parameter: \(name)") }
      parameters[canonical] = value
    }
    let reader = Reader(parameters: parameters)
    self.format = parameters["format"]
    self.start = try reader.time("starttime") ?? now - 30 * 86_400_000
    self.end = try reader.time("endtime") ?? now
    self.updatedAfter = try reader.time("updatedafter")
    self.minimumMagnitude = try reader.number("minmagnitude")
    self.maximumMagnitude = try reader.number("maxmagnitude")
    self.minimumDepth = try reader.number("mindepth", in: -100...1_000)
    self.maximumDepth = try reader.number("maxdepth", in: -100...1_000)
    self.minimumLatitude = try reader.number("minlatitude", in: -90...90)
    self.maximumLatitude = try reader.number("maxlatitude", in: -90...90)
    self.minimumLongitude = try reader.number("minlongitude", in: -360...360)
    self.maximumLongitude = try reader.number("maxlongitude", in: -360...360)
    if let minimum = self.minimumLatitude, let maximum = self.maximumLatitude, minimum > maximum {
      throw FDSNBadRequest("minlatitude (\(minimum)) must not be more than maxlatitude (\(maximum)).")
    }
    if let minimum = self.minimumLongitude, let maximum = self.maximumLongitude, minimum > maximum {
      throw FDSNBadRequest("minlongitude (\(minimum)) must not be more than maxlongitude (\(maximum)).")
    }
    self.circle = try Self.circle(reader)
    self.eventTypes = parameters["eventtype"].map {
      Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
    self.alertLevel = try reader.choice("alertlevel", from: ["green", "yellow", "orange", "red"])
    self.minimumFelt = try reader.integer("minfelt", in: 0...Int.max)
    self.minimumCDI = try reader.number("mincdi", in: 0...12)
    self.maximumCDI = try reader.number("maxcdi", in: 0...12)
    self.minimumMMI = try reader.number("minmmi", in: 0...12)
    self.maximumMMI = try reader.number("maxmmi", in: 0...12)
    self.minimumSignificance = try reader.integer("minsig")
    self.maximumSignificance = try reader.integer("maxsig")
    self.reviewStatus = try reader.choice("reviewstatus", as: ReviewStatus.self) ?? .all
    self.deleted = try reader.choice("includedeleted", as: Deleted.self) ?? .exclude
    self.order = try reader.choice("orderby", as: Order.self) ?? .time
    self.limit = try reader.integer("limit", in: 1...max(1, maximum))
    self.offset = try reader.integer("offset", in: 1...Int.max) ?? 1
    if let value = parameters["nodata"] {
      guard let status = Int(value), status == 204 || status == 404 else {
        throw FDSNBadRequest("Bad nodata value \"\(value)\": must be 204 or 404.")
      }
      self.noData = status
    }
  }

  /// The events that match, oldest first: the time window by binary
  /// search, then every other condition on the window's events alone.
  func matches(in catalogue: FDSNCatalogue) -> [FDSNEvent] {
    catalogue.events(from: self.start, through: self.end).filter(self.matches)
  }

  /// The page of `matches` (oldest first) to serve: in ``order``, from
  /// the ``offset``th, at most ``limit``.
  func page(of matches: [FDSNEvent]) -> [FDSNEvent] {
    let ordered: [FDSNEvent]
    switch self.order {
    case .timeAscending:
      ordered = matches
    case .time:
      ordered = matches.reversed()
    case .magnitude:
      ordered = matches.reversed().sorted { ($0.magnitude ?? -.infinity) > ($1.magnitude ?? -.infinity) }
    case .magnitudeAscending:
      ordered = matches.sorted { ($0.magnitude ?? .infinity) < ($1.magnitude ?? .infinity) }
    }
    let skipped = ordered.dropFirst(self.offset - 1)
    return Array(self.limit.map { skipped.prefix($0) } ?? skipped)
  }

  /// How many events ``page(of:)`` serves of `count` matches.
  func pageCount(ofMatches count: Int) -> Int {
    let available = max(0, count - (self.offset - 1))
    return self.limit.map { min($0, available) } ?? available
  }

  /// Whether `event` meets every condition but the time window.
  func matches(_ event: FDSNEvent) -> Bool {
    switch self.deleted {
    case .exclude where event.isDeleted: return false
    case .only where !event.isDeleted: return false
    default: break
    }
    if !event.isDeleted, self.reviewStatus != .all, event.status != self.reviewStatus.rawValue { return false }
    if let updatedAfter = self.updatedAfter, event.updatedMilliseconds <= updatedAfter { return false }
    if self.minimumMagnitude != nil || self.maximumMagnitude != nil {
      guard let magnitude = event.magnitude, Self.contains(magnitude, self.minimumMagnitude, self.maximumMagnitude)
      else { return false }
    }
    guard Self.contains(event.depth, self.minimumDepth, self.maximumDepth),
      Self.contains(event.latitude, self.minimumLatitude, self.maximumLatitude),
      self.containsLongitude(event.longitude)
    else { return false }
    if let circle = self.circle, Self.angle(from: circle, to: event) > circle.maximumAngle { return false }
    if let types = self.eventTypes, !types.contains(event.eventType) { return false }
    if let level = self.alertLevel, event.alert != level { return false }
    if let minimum = self.minimumFelt, (event.felt ?? -1) < minimum { return false }
    if self.minimumCDI != nil || self.maximumCDI != nil {
      guard let cdi = event.cdi, Self.contains(cdi, self.minimumCDI, self.maximumCDI) else { return false }
    }
    if self.minimumMMI != nil || self.maximumMMI != nil {
      guard let mmi = event.mmi, Self.contains(mmi, self.minimumMMI, self.maximumMMI) else { return false }
    }
    if let minimum = self.minimumSignificance, event.significance < minimum { return false }
    if let maximum = self.maximumSignificance, event.significance > maximum { return false }
    return true
  }

  /// The central angle in radians between `circle`'s centre and `event` (haversine).
  static func angle(from circle: Circle, to event: FDSNEvent) -> Double {
    let radians = Double.pi / 180
    let (latitude1, latitude2) = (circle.latitude * radians, event.latitude * radians)
    let halfLatitude = sin((latitude2 - latitude1) / 2)
    let halfLongitude = sin((event.longitude - circle.longitude) * radians / 2)
    let a = halfLatitude * halfLatitude + cos(latitude1) * cos(latitude2) * halfLongitude * halfLongitude
    return 2 * atan2(a.squareRoot(), max(0, 1 - a).squareRoot())
  }

  /// Whether the longitude is in the rectangle's span, which may cross the
  /// antimeridian (`minlongitude=170&maxlongitude=190`).
  private func containsLongitude(_ longitude: Double) -> Bool {
    guard self.minimumLongitude != nil || self.maximumLongitude != nil else { return true }
    return [longitude - 360, longitude, longitude + 360].contains {
      Self.contains($0, self.minimumLongitude, self.maximumLongitude)
    }
  }

  private static func contains(_ value: Double, _ minimum: Double?, _ maximum: Double?) -> Bool {
    value >= (minimum ?? -.infinity) && value <= (maximum ?? .infinity)
  }

  /// `latitude`, `longitude` and one of `maxradius` and `maxradiuskm`, all or none.
  private static func circle(_ reader: Reader) throws(FDSNBadRequest) -> Circle? {
    let latitude = try reader.number("latitude", in: -90...90)
    let longitude = try reader.number("longitude", in: -180...180)
    let degrees = try reader.number("maxradius", in: 0...180)
    let kilometres = try reader.number("maxradiuskm", in: 0...20_001.6)
    if degrees != nil, kilometres != nil {
      throw FDSNBadRequest("Give maxradius or maxradiuskm, not both.")
    }
    guard let radius = degrees.map({ $0 * .pi / 180 }) ?? kilometres.map({ $0 / Self.earthRadius }) else {
      if latitude != nil || longitude != nil {
        throw FDSNBadRequest("latitude and longitude need maxradius or maxradiuskm.")
      }
      return nil
    }
    guard let latitude, let longitude else {
      throw FDSNBadRequest("\(degrees == nil ? "maxradiuskm" : "maxradius") needs latitude and longitude.")
    }
    return Circle(latitude: latitude, longitude: longitude, maximumAngle: radius)
  }

  /// `text` percent-decoded, `+` as a space; `nil` when malformed.
  private static func decoded(_ text: String) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }

  /// Reads typed values out of the parameters, with USGS's messages for bad ones.
  private struct Reader {
    let parameters: [String: String]

    func time(_ name: String) throws(FDSNBadRequest) -> Int64? {
      guard let value = self.parameters[name] else { return nil }
      guard let date = Timestamp.parseISO8601(value) else {
        throw FDSNBadRequest("Bad \(name) value \"\(value)\": expected an ISO 8601 time such as 2014-01-01T00:00:00.")
      }
      return Timestamp.milliseconds(date)
    }

    func number(_ name: String, in range: ClosedRange<Double>? = nil) throws(FDSNBadRequest) -> Double? {
      guard let value = self.parameters[name] else { return nil }
      guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite else {
        throw FDSNBadRequest("Bad \(name) value \"\(value)\": expected a number.")
      }
      if let range, !range.contains(number) {
        throw FDSNBadRequest(
          "Bad \(name) value \"\(value)\": must be between \(FDSNEvent.number(range.lowerBound)) and "
            + "\(FDSNEvent.number(range.upperBound)).")
      }
      return number
    }

    func integer(_ name: String, in range: ClosedRange<Int>? = nil) throws(FDSNBadRequest) -> Int? {
      guard let value = self.parameters[name] else { return nil }
      guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
        throw FDSNBadRequest("Bad \(name) value \"\(value)\": expected a whole number.")
      }
      if let range, !range.contains(number) {
        let upper = range.upperBound == Int.max ? "" : " and at most \(range.upperBound)"
        throw FDSNBadRequest("Bad \(name) value \"\(value)\": must be at least \(range.lowerBound)\(upper).")
      }
      return number
    }

    func choice(_ name: String, from values: Set<String>) throws(FDSNBadRequest) -> String? {
      guard let value = self.parameters[name] else { return nil }
      guard values.contains(value) else {
        throw FDSNBadRequest(
          "Bad \(name) value \"\(value)\": must be one of \(values.sorted().joined(separator: ", ")).")
      }
      return value
    }

    func choice<Choice: RawRepresentable & Sendable>(_ name: String, as type: Choice.Type) throws(FDSNBadRequest)
      -> Choice? where Choice.RawValue == String
    {
      guard let value = self.parameters[name] else { return nil }
      guard let choice = Choice(rawValue: value) else {
        throw FDSNBadRequest("Bad \(name) value \"\(value)\".")
      }
      return choice
    }
  }
}
