import Foundation
import GRDB
import QuakesData
import QuakesModel

/// The SQL functions through which the database answers a ``QuakesQuery``
/// where SQL alone would not answer exactly as the in-memory matcher does:
/// each calls the very Swift code the matcher calls, so the two paths share
/// one definition of folding, lower-casing, distance and containment.
///
/// The ones of plain values (``always``) are registered on every connection
/// the store opens; the one that needs a query's polygons is made for that
/// query (``region(_:)``) and registered for its read alone.
enum QueryFunctions {
  /// The functions every connection has.
  static let always = [distanceKm, inCircle, reviewStatusIs]

  /// `quakesd_distance_km(lat1, lon1, lat2, lon2)`: ``Earth/distanceKm(_:_:)``
  /// from the first point to the second, what the `distance` sort orders by.
  static let distanceKm = DatabaseFunction("quakesd_distance_km", argumentCount: 4, pure: true) { values in
    guard let a = point(values, 0), let b = point(values, 2) else { return nil }
    return Earth.distanceKm(a, b)
  }

  /// `quakesd_in_circle(centre_lat, centre_lon, min_radius_km, radius_km, lat, lon)`:
  /// ``GeoCircle/contains(_:)``, the `near` filter's test (a radius NULL for none).
  static let inCircle = DatabaseFunction("quakesd_in_circle", argumentCount: 6, pure: true) { values in
    guard let centre = point(values, 0), let epicentre = point(values, 4) else { return nil }
    let circle = GeoCircle(
      centre: centre, radiusKm: Double.fromDatabaseValue(values[3]),
      minRadiusKm: Double.fromDatabaseValue(values[2]))
    return circle.contains(epicentre)
  }

  /// The name of ``found(_:)``'s function.
  static let foundName = "quakesd_found_in"

  /// `quakesd_found_in(place)`: whether `search` is found in `place`
  /// (``SearchText/isFound(in:)``); false for a NULL place. Made for each
  /// query with a search, so that the folded text is the function's own
  /// and not an argument turned into a `SearchText` again on every row.
  static func found(_ search: SearchText) -> DatabaseFunction {
    DatabaseFunction(Self.foundName, argumentCount: 1, pure: true) { values in
      guard let place = String.fromDatabaseValue(values[0]) else { return false }
      return search.isFound(in: place)
    }
  }

  /// `quakesd_review_status_is(status, word)`: whether the status column,
  /// read as the store reads it (``ReviewStatus/init(rawValue:)``), is the
  /// status whose ``ReviewStatus/rawValue`` is `word`; false for NULL.
  static let reviewStatusIs = DatabaseFunction("quakesd_review_status_is", argumentCount: 2, pure: true) { values in
    guard let text = String.fromDatabaseValue(values[0]), let word = String.fromDatabaseValue(values[1]) else {
      return false
    }
    return ReviewStatus(rawValue: text).rawValue == word
  }

  /// The name of ``region(_:)``'s function.
  static let regionName = "quakesd_in_region"

  /// `quakesd_in_region(lat, lon)`: ``GeoRegion/contains(_:)`` for `region`,
  /// the `within` filter's test. A query's polygons are too large to pass
  /// as an argument on every row, so each query that has some gets a
  /// function of its own.
  static func region(_ region: GeoRegion) -> DatabaseFunction {
    DatabaseFunction(Self.regionName, argumentCount: 2, pure: true) { values in
      guard let point = point(values, 0) else { return nil }
      return region.contains(point)
    }
  }

  /// The point whose latitude and longitude are `values[index]` and the
  /// value after it; `nil` if either is NULL or not a number.
  private static func point(_ values: [DatabaseValue], _ index: Int) -> GeoPoint? {
    guard let latitude = Double.fromDatabaseValue(values[index]),
      let longitude = Double.fromDatabaseValue(values[index + 1])
    else { return nil }
    return GeoPoint(latitude: latitude, longitude: longitude)
  }
}
