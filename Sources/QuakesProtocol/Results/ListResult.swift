public import QuakesModel

/// The result of `quakes.list`: one page of quakes, whether more match
/// after it, and how many matched in all when the request asked
/// (`"matched":true`, or a protocol version 1 request).
public struct ListResult: Hashable, Sendable, Codable {
  /// How many quakes matched, before limit and offset; `nil` when not asked for.
  public var matched: Int?
  /// Whether quakes match after this page; `nil` from a daemon of protocol version 1.
  public var hasMore: Bool?
  /// The page, in the requested order.
  public var quakes: [ListedQuake]

  /// Creates a result of `quakes`, `matched` in all.
  public init(matched: Int?, hasMore: Bool?, quakes: [ListedQuake]) {
    self.matched = matched
    self.hasMore = hasMore
    self.quakes = quakes
  }

  /// Creates a result from a page of the list selector: with the page's
  /// origin (the query's `near` centre), each quake with its distance and bearing.
  public init(_ page: QuakesPage) {
    self.matched = page.matched
    self.hasMore = page.hasMore
    self.quakes = page.quakes.map { ListedQuake($0, from: page.origin) }
  }
}

/// A quake of a list: the quake object, plus `distanceKm` and `bearing`
/// (degrees clockwise from north, from the point to the epicentre) when
/// the query measured from a point.
public struct ListedQuake: Hashable, Sendable, Codable {
  /// The quake.
  public var quake: Quake
  /// The great-circle distance from the query's point, km.
  public var distanceKm: Double?
  /// The initial bearing from the query's point to the epicentre, degrees.
  public var bearing: Double?

  /// `quake`, measured from `origin` when there is one.
  public init(_ quake: Quake, from origin: GeoPoint? = nil) {
    self.quake = quake
    self.distanceKm = origin.map { Earth.distanceKm($0, quake.epicentre) }
    self.bearing = origin.map { Earth.bearing(from: $0, to: quake.epicentre) }
  }

  private enum CodingKeys: String, CodingKey {
    case distanceKm, bearing
  }

  /// The quake object's members, and the two measurements beside them.
  public init(from decoder: any Decoder) throws {
    self.quake = try Quake(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.distanceKm = try container.decodeIfPresent(Double.self, forKey: .distanceKm)
    self.bearing = try container.decodeIfPresent(Double.self, forKey: .bearing)
  }

  public func encode(to encoder: any Encoder) throws {
    try self.quake.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(self.distanceKm, forKey: .distanceKm)
    try container.encodeIfPresent(self.bearing, forKey: .bearing)
  }
}

extension ListResult: JSONWritable {
  public func writeJSON(to buffer: inout JSONBuffer) {
    // The members in JSONEncoder's sorted order, as every reply writes them.
    buffer.append(raw: "{")
    if let hasMore = self.hasMore {
      buffer.append(raw: hasMore ? "\"hasMore\":true," : "\"hasMore\":false,")
    }
    if let matched = self.matched {
      buffer.append(raw: "\"matched\":")
      buffer.append(matched)
      buffer.append(raw: ",")
    }
    buffer.append(raw: "\"quakes\":[")
    for (index, quake) in self.quakes.enumerated() {
      if index > 0 { buffer.append(raw: ",") }
      quake.writeJSON(to: &buffer)
    }
    buffer.append(raw: "]}")
  }
}

extension ListedQuake: JSONWritable {
  public func writeJSON(to buffer: inout JSONBuffer) {
    self.quake.writeJSON(to: &buffer, distanceKm: self.distanceKm, bearing: self.bearing)
  }
}
