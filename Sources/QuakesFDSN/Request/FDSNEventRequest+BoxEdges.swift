import QuakesModel

extension FDSNEventRequest {
  /// The box's edges as given; the ones not given are the Earth's.
  struct BoxEdges {
    var minLatitude: Double?
    var maxLatitude: Double?
    var minLongitude: Double?
    var maxLongitude: Double?

    /// The box; `nil` when no edge was given. A `minlongitude` greater than
    /// `maxlongitude` crosses the antimeridian, as at USGS.
    func box() throws(FDSNRequestError) -> GeoBox? {
      guard self.minLatitude != nil || self.maxLatitude != nil || self.minLongitude != nil || self.maxLongitude != nil
      else { return nil }
      let box = GeoBox(
        minLatitude: self.minLatitude ?? -90, maxLatitude: self.maxLatitude ?? 90,
        minLongitude: self.minLongitude ?? -180, maxLongitude: self.maxLongitude ?? 180)
      guard box.minLatitude <= box.maxLatitude else {
        throw FDSNRequestError("minlatitude must not be greater than maxlatitude.")
      }
      return box
    }
  }
}
