import GRDB
import QuakesModel

extension QuakesQuerySQL {
  /// `bbox`, `near` and `within`: each first as the R*Tree's entries in
  /// boxes that cover it (``requireIndexEntry(inAnyOf:)``), then as the exact test —
  /// the box on the bare columns, the circle and the polygons through the
  /// matcher's own code (``QueryFunctions``).
  mutating func requirePlace(_ filter: QuakesQuery.Filter) {
    if let box = filter.bbox {
      if let boxes = box.coveringBoxes { self.requireIndexEntry(inAnyOf: boxes) }
      self.require("latitude >= ? AND latitude <= ?", [box.minLatitude, box.maxLatitude], role: .exact)
      let join = box.crossesAntimeridian ? "OR" : "AND"
      self.require("(longitude >= ? \(join) longitude <= ?)", [box.minLongitude, box.maxLongitude], role: .exact)
    }
    // A radius that is not a number excludes nothing (GeoCircle.contains).
    if let circle = filter.near, let radius = circle.radiusKm, !radius.isNaN {
      if let boxes = circle.coveringBoxes { self.requireIndexEntry(inAnyOf: boxes) }
      self.require(
        "quakesd_in_circle(?, ?, ?, latitude, longitude)",
        [circle.centre.latitude, circle.centre.longitude, radius], role: .exact)
    }
    if let region = filter.within {
      if let boxes = region.coveringBoxes { self.requireIndexEntry(inAnyOf: boxes) }
      self.register(QueryFunctions.region(region))
      self.require("\(QueryFunctions.regionName)(latitude, longitude)", role: .exact)
    }
  }

  /// The quake's entry in `quakes_rtree` must overlap one of `boxes`
  /// (none: nothing matches). The R*Tree keeps 32-bit floats rounded
  /// outwards, so an entry overlaps every box that holds its epicentre.
  ///
  /// The one way this can lose a quake the selector finds: two ids whose
  /// index keys collide share one entry (``SpatialIndexTable``: about 1 in
  /// 20 million at a million quakes); keying the index by the row, in the
  /// step that adds indexes, removes it.
  private mutating func requireIndexEntry(inAnyOf boxes: [GeoBox]) {
    guard !boxes.isEmpty else {
      self.require("0", role: .exact)
      return
    }
    let select = """
      SELECT id FROM quakes_rtree \
      WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ? AND min_longitude <= ?
      """
    let selects = Array(repeating: select, count: boxes.count).joined(separator: " UNION ALL ")
    var arguments: StatementArguments = []
    for box in boxes {
      arguments += [box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude]
    }
    self.require("id IN (\(selects))", arguments, role: .indexed)
  }
}
