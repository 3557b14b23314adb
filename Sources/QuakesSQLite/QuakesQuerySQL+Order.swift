import GRDB
import QuakesModel

extension QuakesQuerySQL {
  /// The selector's order: by the sort key, then by id, both in the query's
  /// direction, so that a reverse page is the forward order backwards.
  ///
  /// SQLite sorts NULL below every value, as the selector sorts an unknown
  /// magnitude, significance or depth; `distance` without a `near` centre
  /// sorts by time; distances come from ``QueryFunctions/distanceKm``, the
  /// selector's own ``Earth/distanceKm(_:_:)``. (Ids are ASCII, USGS's, so
  /// SQLite's byte order is Swift's `String` order.)
  mutating func sortAsTheSelector(_ query: QuakesQuery) {
    let direction = query.order == .forward ? "ASC" : "DESC"
    let key: String
    var arguments: StatementArguments = []
    var byDistance = false
    switch query.sort {
    case .time: key = "time"
    case .magnitude: key = "magnitude"
    case .significance: key = "significance"
    case .depth: key = "depth"
    case .distance:
      if let centre = query.filter.near?.centre {
        key = "quakesd_distance_km(?, ?, latitude, longitude)"
        arguments = [centre.latitude, centre.longitude]
        byDistance = true
      } else {
        key = "time"
      }
    }
    self.order(by: "\(key) \(direction), id \(direction)", arguments, byDistance: byDistance)
  }
}
