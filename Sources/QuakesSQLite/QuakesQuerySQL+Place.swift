import GRDB
import QuakesModel

extension QuakesQuerySQL {
  // `bbox`, `near` and `within`: each first as the R*Tree's entries in
  // boxes that cover it (`requireIndexEntry(inAnyOf:)`), then as the exact
  // test — the box on the bare columns, the circle and the polygons through
  // the matcher's own code (``QueryFunctions``).

  /// The box, edges included; across the antimeridian when its west edge
  /// lies east of its east edge.
  mutating func requireBox(_ box: GeoBox?) {
    guard let box else { return }
    if let boxes = box.coveringBoxes { self.requireIndexEntry(inAnyOf: boxes) }
    self.require("latitude >= ? AND latitude <= ?", [box.minLatitude, box.maxLatitude], role: .exact)
    let join = box.crossesAntimeridian ? "OR" : "AND"
    self.require("(longitude >= ? \(join) longitude <= ?)", [box.minLongitude, box.maxLongitude], role: .exact)
  }

  /// The circle, or the ring; a radius that is not a number excludes
  /// nothing (`GeoCircle.contains`), nor does none.
  mutating func requireCircle(_ circle: GeoCircle?) {
    guard let circle else { return }
    let radius = circle.radiusKm.flatMap { $0.isNaN ? nil : $0 }
    let minRadius = circle.minRadiusKm.flatMap { $0.isNaN ? nil : $0 }
    guard radius != nil || minRadius != nil else { return }
    if radius != nil, let boxes = circle.coveringBoxes { self.requireIndexEntry(inAnyOf: boxes) }
    self.require(
      "quakesd_in_circle(?, ?, ?, ?, latitude, longitude)",
      [circle.centre.latitude, circle.centre.longitude, minRadius, radius], role: .exact)
  }

  /// The polygons, holes respected, through a function of the query's own.
  mutating func requireRegion(_ region: GeoRegion?) {
    guard let region else { return }
    if let boxes = region.coveringBoxes { self.requireIndexEntry(inAnyOf: boxes) }
    self.register(QueryFunctions.region(region))
    self.require("\(QueryFunctions.regionName)(latitude, longitude)", role: .exact)
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
