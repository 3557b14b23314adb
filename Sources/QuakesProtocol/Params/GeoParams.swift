import QuakesModel

/// `near` in the filter params: a centre and, optionally, a radius.
public struct NearParams: Hashable, Sendable, Codable {
  /// Degrees north, −90…90.
  public var latitude: Double
  /// Degrees east, −180…180 (up to ±540 is wrapped).
  public var longitude: Double
  /// The greatest distance, km, 0 or more; absent for any distance.
  public var radiusKm: Double?
  /// The least distance, km, 0 or more; absent for none (a ring with it).
  public var minRadiusKm: Double?

  /// A centre and a radius, and a least distance for a ring.
  public init(latitude: Double, longitude: Double, radiusKm: Double? = nil, minRadiusKm: Double? = nil) {
    self.latitude = latitude
    self.longitude = longitude
    self.radiusKm = radiusKm
    self.minRadiusKm = minRadiusKm
  }

  /// The circle, or an InvalidRequest naming what is out of range.
  func circle() throws(ProtocolError) -> GeoCircle {
    let centre = try GeoValidation.point(latitude: self.latitude, longitude: self.longitude, in: "near")
    for (name, distance) in [("radiusKm", self.radiusKm), ("minRadiusKm", self.minRadiusKm)] {
      if let distance, !(distance.isFinite && distance >= 0) {
        throw ProtocolError(.invalidRequest, "\"near.\(name)\" must be a distance in km, 0 or more, not \(distance)")
      }
    }
    return GeoCircle(centre: centre, radiusKm: self.radiusKm, minRadiusKm: self.minRadiusKm)
  }
}

/// `within` in the filter params: a GeoJSON Polygon or MultiPolygon
/// geometry (RFC 7946), positions as `[longitude, latitude]`.
public struct GeometryParams: Hashable, Sendable, Codable {
  /// `Polygon` or `MultiPolygon`.
  public var type: String
  /// The positions, nested as the type says.
  public var coordinates: NestedNumbers

  /// A geometry of `type` with `coordinates`.
  public init(type: String, coordinates: NestedNumbers) {
    self.type = type
    self.coordinates = coordinates
  }

  /// The most positions a `within` geometry may have: every listed quake is
  /// tested against every edge, so the cost of a query grows with it.
  public static let maximumPositions = 10_000

  /// The region, or an InvalidRequest saying what is wrong with the polygon.
  func region() throws(ProtocolError) -> GeoRegion {
    let positions = self.coordinates.positionCount
    guard positions <= Self.maximumPositions else {
      throw ProtocolError(
        .invalidRequest,
        "\"within\" has about \(positions) positions; at most \(Self.maximumPositions) are taken: simplify the polygon")
    }
    switch self.type {
    case "Polygon":
      return GeoRegion(polygons: [try Self.polygon(self.coordinates, at: "within.coordinates")])
    case "MultiPolygon":
      guard case .list(let polygons) = self.coordinates, !polygons.isEmpty else {
        throw Self.invalid("within.coordinates", "must be a list of polygons")
      }
      var result: [GeoRegion.Polygon] = []
      for (index, polygon) in polygons.enumerated() {
        result.append(try Self.polygon(polygon, at: "within.coordinates[\(index)]"))
      }
      return GeoRegion(polygons: result)
    default:
      throw ProtocolError(
        .invalidRequest, "\"within.type\" must be Polygon or MultiPolygon (a GeoJSON geometry), not \"\(self.type)\"")
    }
  }

  private static func polygon(_ value: NestedNumbers, at path: String) throws(ProtocolError) -> GeoRegion.Polygon {
    guard case .list(let rings) = value, !rings.isEmpty else {
      throw Self.invalid(path, "must be a list of rings: the outer ring, then any holes")
    }
    var result: [[GeoPoint]] = []
    for (index, ring) in rings.enumerated() {
      result.append(try Self.ring(ring, at: "\(path)[\(index)]"))
    }
    return GeoRegion.Polygon(rings: result)
  }

  private static func ring(_ value: NestedNumbers, at path: String) throws(ProtocolError) -> [GeoPoint] {
    guard case .list(let positions) = value else { throw Self.invalid(path, "must be a list of positions") }
    var points: [GeoPoint] = []
    for (index, position) in positions.enumerated() {
      guard case .list(let numbers) = position, numbers.count >= 2, case .number(let longitude) = numbers[0],
        case .number(let latitude) = numbers[1]
      else {
        throw Self.invalid("\(path)[\(index)]", "must be a position [longitude, latitude]")
      }
      points.append(
        try GeoValidation.point(latitude: latitude, longitude: longitude, in: "\(path)[\(index)]", wrapping: false))
    }
    guard points.count >= 4 else {
      throw Self.invalid(
        path, "has \(Plural.count(points.count, "position")); a ring needs at least 4 (a triangle, closed)")
    }
    guard points.first == points.last else {
      throw Self.invalid(path, "is not closed: its last position must repeat its first")
    }
    return points
  }

  private static func invalid(_ path: String, _ problem: String) -> ProtocolError {
    ProtocolError(.invalidRequest, "\"\(path)\" \(problem)")
  }
}

/// Numbers nested in lists to any depth: GeoJSON coordinates, read before
/// their shape is checked, so that a wrong shape gets a message that names it.
public indirect enum NestedNumbers: Hashable, Sendable, Codable {
  case number(Double)
  case list([NestedNumbers])

  /// How many numbers it holds, at every depth.
  public var numberCount: Int {
    switch self {
    case .number: 1
    case .list(let list): list.reduce(0) { $0 + $1.numberCount }
    }
  }

  /// How many positions it holds: lists of numbers, at every depth.
  public var positionCount: Int {
    switch self {
    case .number: 0
    case .list(let list):
      if case .number = list.first { 1 } else { list.reduce(0) { $0 + $1.positionCount } }
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .list(try container.decode([NestedNumbers].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .list(let list): try container.encode(list)
    }
  }
}

/// The range checks the geographic params share.
enum GeoValidation {
  /// `box` with its corners checked (longitudes wrapped), or an
  /// InvalidRequest naming what is out of range.
  static func box(_ box: GeoBox) throws(ProtocolError) -> GeoBox {
    var south = try Self.point(latitude: box.minLatitude, longitude: box.minLongitude, in: "bbox")
    var north = try Self.point(latitude: box.maxLatitude, longitude: box.maxLongitude, in: "bbox")
    // A box a turn wide or wider (0…360, −180…180) is every longitude; wrapped,
    // its edges would meet and hold one meridian.
    if box.maxLongitude - box.minLongitude >= 360 {
      south.longitude = -180
      north.longitude = 180
    }
    guard south.latitude <= north.latitude else {
      throw ProtocolError(
        .invalidRequest,
        "\"bbox.minLatitude\" (\(box.minLatitude)) must not be above \"bbox.maxLatitude\" (\(box.maxLatitude))")
    }
    return GeoBox(
      minLatitude: south.latitude, maxLatitude: north.latitude, minLongitude: south.longitude,
      maxLongitude: north.longitude)
  }

  /// The point, its longitude wrapped onto ±180 (or, without `wrapping`, as
  /// given: a polygon's corners keep their side of the antimeridian), or an
  /// InvalidRequest naming `path`.
  static func point(latitude: Double, longitude: Double, in path: String, wrapping: Bool = true) throws(ProtocolError)
    -> GeoPoint
  {
    guard QuakeRanges.latitude.contains(latitude) else {
      throw ProtocolError(.invalidRequest, "\"\(path)\": latitude \(latitude) is not within −90…90")
    }
    guard let wrapped = QuakeRanges.longitude(fromFeed: longitude) else {
      throw ProtocolError(
        .invalidRequest, "\"\(path)\": longitude \(longitude) is not within −180…180 (or up to ±540, one turn on)")
    }
    return GeoPoint(latitude: latitude, longitude: wrapping ? wrapped : longitude)
  }
}
