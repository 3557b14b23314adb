extension GeoBox {
  /// Boxes none of which crosses the antimeridian, each within −180…180 of
  /// longitude, that together hold every point of `latitudes` whose
  /// longitude, or the same longitude one turn east or west of it, lies in
  /// `longitudes`: a prefilter for an index of boxes (SQLite's R*Tree),
  /// which cannot search a range that wraps.
  ///
  /// `longitudes` may reach past ±180 (a circle near the antimeridian, a
  /// ring written with longitudes up to 190); a range of a whole turn or
  /// more covers every longitude.
  package static func covering(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) -> [GeoBox] {
    let whole = -180.0...180.0
    if longitudes.upperBound - longitudes.lowerBound >= 360 {
      return [GeoBox(latitudes, whole)]
    }
    return [0.0, 360, -360].compactMap { turn in
      let lower = Swift.max(longitudes.lowerBound + turn, whole.lowerBound)
      let upper = Swift.min(longitudes.upperBound + turn, whole.upperBound)
      return lower <= upper ? GeoBox(latitudes, lower...upper) : nil
    }
  }

  /// The box of these two ranges.
  private init(_ latitudes: ClosedRange<Double>, _ longitudes: ClosedRange<Double>) {
    self.init(
      minLatitude: latitudes.lowerBound, maxLatitude: latitudes.upperBound,
      minLongitude: longitudes.lowerBound, maxLongitude: longitudes.upperBound)
  }

  /// This box as boxes that do not cross the antimeridian (two when it
  /// does, one otherwise), for the longitudes a cached quake can have
  /// (``QuakeRanges/longitude``); `nil` when an edge is not a number, since
  /// an index compares such an edge as no box does.
  package var coveringBoxes: [GeoBox]? {
    let edges = [self.minLatitude, self.maxLatitude, self.minLongitude, self.maxLongitude]
    guard !edges.contains(where: \.isNaN) else { return nil }
    guard self.crossesAntimeridian else { return [self] }
    let latitudes = self.minLatitude...Swift.max(self.minLatitude, self.maxLatitude)
    return [
      GeoBox(latitudes, self.minLongitude...Swift.max(self.minLongitude, 180)),
      GeoBox(latitudes, Swift.min(-180, self.maxLongitude)...self.maxLongitude),
    ]
  }
}
