/// An area made of polygons with holes: a GeoJSON Polygon or MultiPolygon.
///
/// As RFC 7946 says, edges are straight lines in longitude and latitude;
/// a point is in the region when it is inside the outer ring of one of its
/// polygons and inside none of that polygon's holes (a point on an edge
/// may fall either way).
public struct GeoRegion: Hashable, Sendable {
  /// One polygon: its outer ring, then its holes. Each ring is closed (its
  /// last position repeats its first) and has at least four positions.
  public struct Polygon: Hashable, Sendable {
    public var rings: [[GeoPoint]]

    /// The polygon of `rings`: the outer ring first, then the holes.
    public init(rings: [[GeoPoint]]) {
      self.rings = rings
    }

    /// Whether `point` is inside the outer ring and outside every hole.
    public func contains(_ point: GeoPoint) -> Bool {
      guard let outer = self.rings.first, Self.ring(outer, contains: point) else { return false }
      return !self.rings.dropFirst().contains { Self.ring($0, contains: point) }
    }

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
