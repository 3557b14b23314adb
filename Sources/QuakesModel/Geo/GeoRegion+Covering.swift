extension GeoRegion {
  /// Boxes that together hold every point ``contains(_:)`` accepts, for an
  /// index of boxes to prefilter with (the exact test follows); `nil` when a
  /// position is not a finite number, so that no box helps.
  ///
  /// A point is in a polygon only if it, or the same point one turn east
  /// or west, lies within the extent of the polygon's outer ring as tested
  /// (unwrapped), so each polygon gives that extent, widened by
  /// ``margin`` against the rounding of the ray casting.
  package var coveringBoxes: [GeoBox]? {
    var boxes: [GeoBox] = []
    for polygon in self.polygons {
      guard let outer = polygon.unwrapped.first, !outer.isEmpty else { continue }
      let latitudes = outer.map(\.latitude)
      let longitudes = outer.map(\.longitude)
      guard (latitudes + longitudes).allSatisfy(\.isFinite),
        let south = latitudes.min(), let north = latitudes.max(),
        let west = longitudes.min(), let east = longitudes.max()
      else { return nil }
      boxes += GeoBox.covering(
        latitudes: (south - Self.margin)...(north + Self.margin),
        longitudes: (west - Self.margin)...(east + Self.margin))
    }
    return boxes
  }

  /// How much the covering widens each extent, in degrees.
  private static let margin = 1e-9
}
