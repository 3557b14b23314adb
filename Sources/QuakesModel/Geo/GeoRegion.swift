/// An area made of polygons with holes: a GeoJSON Polygon or MultiPolygon.
///
/// As RFC 7946 says, edges are straight lines in longitude and latitude;
/// a point is in the region when it is inside the outer ring of one of its
/// polygons and inside none of that polygon's holes (a point on an edge
/// may fall either way).
public struct GeoRegion: Hashable, Sendable {
  /// One polygon: its outer ring, then its holes. Each ring is closed (its
  /// last position repeats its first) and has at least four positions.
  ///
  /// A ring may cross the antimeridian, written either way: with longitudes
  /// past ±180 (`[170,-20],[190,-20],…`) or jumping from 180 to −180. Each
  /// ring is unwrapped (every edge the short way round, under 180° of
  /// longitude) and holes are moved next to their outer ring, then a point is
  /// tested at its longitude and one turn either side.
  public struct Polygon: Hashable, Sendable {
    /// The rings as given.
    public var rings: [[GeoPoint]]
    /// The rings unwrapped, as tested (and as ``GeoRegion/coveringBoxes`` bounds them).
    let unwrapped: [[GeoPoint]]

    /// The polygon of `rings`: the outer ring first, then the holes.
    public init(rings: [[GeoPoint]]) {
      self.rings = rings
      let outer = rings.first.map(Self.unwrap) ?? []
      let reference = outer.first?.longitude ?? 0
      self.unwrapped =
        [outer]
        + rings.dropFirst().map { hole in
          let ring = Self.unwrap(hole)
          let turns = ((ring.first?.longitude ?? reference) - reference) / 360
          let shift = 360 * turns.rounded()
          return ring.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude - shift) }
        }
    }

    /// Whether `point` is inside the outer ring and outside every hole.
    public func contains(_ point: GeoPoint) -> Bool {
      guard let outer = self.unwrapped.first else { return false }
      for turn in [0.0, 360, -360] {
        let shifted = GeoPoint(latitude: point.latitude, longitude: point.longitude + turn)
        if Self.ring(outer, contains: shifted) {
          return !self.unwrapped.dropFirst().contains { Self.ring($0, contains: shifted) }
        }
      }
      return false
    }

    /// `ring` with each corner moved by whole turns so that every edge spans
    /// at most 180° of longitude.
    private static func unwrap(_ ring: [GeoPoint]) -> [GeoPoint] {
      var result: [GeoPoint] = []
      result.reserveCapacity(ring.count)
      for point in ring {
        guard let previous = result.last else {
          result.append(point)
          continue
        }
        let step = (point.longitude - previous.longitude).remainder(dividingBy: 360)
        result.append(GeoPoint(latitude: point.latitude, longitude: previous.longitude + step))
      }
      return result
    }

    public static func == (lhs: Polygon, rhs: Polygon) -> Bool { lhs.rings == rhs.rings }
    public func hash(into hasher: inout Hasher) { hasher.combine(self.rings) }

    /// Even–odd ray casting towards +longitude.
    private static func ring(_ ring: [GeoPoint], contains point: GeoPoint) -> Bool {
      var inside = false
      var previous = ring.count - 1
      for current in ring.indices {
        let a = ring[current]
        let b = ring[previous]
        if (a.latitude > point.latitude) != (b.latitude > point.latitude) {
          let crossing =
            a.longitude + (point.latitude - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude)
          if point.longitude < crossing { inside.toggle() }
        }
        previous = current
      }
      return inside
    }
  }

  /// The polygons; a point in any of them is in the region.
  public var polygons: [Polygon]

  /// The region of `polygons`.
  public init(polygons: [Polygon]) {
    self.polygons = polygons
  }

  /// Whether `point` is in one of the polygons.
  public func contains(_ point: GeoPoint) -> Bool {
    self.polygons.contains { $0.contains(point) }
  }
}
