import Foundation
import PostgresNIO
import QuakesData
import QuakesModel

/// A ``QuakesQuery`` as SQL over the store's `quakes` table: the conditions
/// PostgreSQL tests exactly as the in-memory matcher does, and whether the
/// matcher must test the rows they leave (``testsInSwift``).
///
/// The answer is meant to be the list selector's, quake for quake: each
/// condition here is a comparison PostgreSQL makes exactly as Swift does
/// (times as epoch milliseconds, magnitudes, depths, impact, the box, the
/// name keys), or it is not made here. The search (folding text as
/// ``SearchText`` does), the circle and the polygons have no exact SQL in
/// a store without quakesd's own functions; for them the SQL narrows the
/// rows to the boxes that cover the place (``GeoBox/coveringBoxes``), and
/// the matcher, the selector's own code, tests each row that is left.
/// `PostgresQueryDifferentialTests` holds the two paths to the same answers.
///
/// PostgreSQL orders NaN above every number and makes `x <= NaN` true,
/// where Swift makes every comparison with NaN false: a bound that is not a
/// number is turned into what the matcher does with it (no match for a
/// magnitude, depth or impact bound; the matcher alone for a box edge).
struct PostgresQuerySQL: Sendable {
  let query: QuakesQuery
  private(set) var conditions: [String] = []
  private(set) var binds = PostgresBindings()
  /// Whether the rows the conditions leave must each go through the
  /// matcher: the query has a search, a circle or polygons, or a box edge
  /// that is not a number.
  private(set) var testsInSwift = false

  init(_ query: QuakesQuery) {
    self.query = query
    for field in QuakesFilterField.allCases {
      self.require(field, of: query.filter)
    }
  }

  /// Whether the page is sorted by distance from a centre, which the matcher's
  /// ``Earth/distanceKm(_:_:)`` decides: in Swift too.
  var sortsInSwift: Bool { self.query.sort == .distance && self.query.filter.near != nil }

  /// Whether PostgreSQL answers the page and the count alone.
  var isExact: Bool { !self.testsInSwift && !self.sortsInSwift }

  /// ` WHERE …` of every condition, or nothing.
  var whereClause: String {
    self.conditions.isEmpty ? "" : " WHERE " + self.conditions.joined(separator: " AND ")
  }

  /// The selector's order: by the sort key (an unknown value lowest), then
  /// by id, both in the query's direction; ids compared byte for byte, as
  /// Swift compares USGS's ASCII ids, whatever the database's collation.
  /// `distance` without a centre sorts by time, as the selector does.
  var orderClause: String {
    let ascending = self.query.order == .forward
    let direction = ascending ? "ASC" : "DESC"
    let nulls = ascending ? "NULLS FIRST" : "NULLS LAST"
    let key =
      switch self.query.sort {
      case .time, .distance: "time \(direction)"
      case .magnitude: "magnitude \(direction) \(nulls)"
      case .significance: "significance \(direction) \(nulls)"
      case .depth: "depth \(direction) \(nulls)"
      }
    return " ORDER BY \(key), id COLLATE \"C\" \(direction)"
  }

  /// Appends `value` to the statement's parameters; its placeholder.
  private mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
    self.binds.append(value)
    return "$\(self.binds.count)"
  }

  private mutating func require(_ condition: String) {
    self.conditions.append(condition)
  }

  /// The condition of `field`; each filter of the table
  /// (``QuakesFilterField``) has its case here.
  private mutating func require(_ field: QuakesFilterField, of filter: QuakesQuery.Filter) {
    switch field {
    case .search:
      if !SearchText(filter.search).isEmpty {
        self.require("place IS NOT NULL")
        self.testsInSwift = true
      }
    case .day:
      if let interval = filter.day?.interval(in: filter.timeZone) {
        self.require("time >= \(self.bind(Timestamp.firstMilliseconds(notBefore: interval.lowerBound)))")
        self.require("time < \(self.bind(Timestamp.firstMilliseconds(notBefore: interval.upperBound)))")
      }
    case .timeZone: break  // it places `day`
    case .since:
      if let since = Self.number(filter.since) {
        self.require("time >= \(self.bind(Timestamp.firstMilliseconds(notBefore: since)))")
      }
    case .until:
      if let until = Self.number(filter.until) {
        self.require("time < \(self.bind(Timestamp.firstMilliseconds(notBefore: until)))")
      }
    case .updatedAfter:
      if let after = Self.number(filter.updatedAfter) {
        self.require("updated >= \(self.bind(Timestamp.firstMilliseconds(after: after)))")
      }
    case .minMagnitude: self.require("magnitude", ">=", filter.minMagnitude)
    case .maxMagnitude: self.require("magnitude", "<=", filter.maxMagnitude)
    case .minDepth: self.require("depth", ">=", filter.minDepth)
    case .maxDepth: self.require("depth", "<=", filter.maxDepth)
    case .minAlert:
      if let minimum = filter.minAlert {
        let words = AlertLevel.allCases.filter { $0 >= minimum }.map(\.rawValue)
        self.require("alert = ANY(\(self.bind(words)))")
      }
    case .alert:
      if let level = filter.alert { self.require("alert = \(self.bind(level.rawValue))") }
    case .minFelt:
      if let minimum = filter.minFelt { self.require("felt >= \(self.bind(Int64(minimum)))") }
    case .minCdi: self.require("cdi", ">=", filter.minCdi)
    case .minMmi: self.require("mmi", ">=", filter.minMmi)
    case .minSignificance:
      if let minimum = filter.minSignificance { self.require("significance >= \(self.bind(Int64(minimum)))") }
    case .tsunami:
      if let tsunami = filter.tsunami { self.require(tsunami ? "tsunami = 1" : "tsunami = 0") }
    case .reviewStatus:
      // The store writes the status as its lower-cased word (``ReviewStatus/rawValue``).
      if let status = filter.reviewStatus {
        self.require("status = \(self.bind(QuakesTable.storable(status.rawValue)))")
      }
    case .network: self.requireName("network_key", filter.network)
    case .eventType: self.requireName("event_type_key", filter.eventType)
    case .magnitudeType: self.requireName("magnitude_type_key", filter.magnitudeType)
    case .bbox: self.requireBox(filter.bbox)
    case .near:
      if let near = filter.near {
        self.requireAnyOf(near.coveringBoxes)
        self.testsInSwift = true
      }
    case .within:
      if let region = filter.within {
        self.requireAnyOf(region.coveringBoxes)
        self.testsInSwift = true
      }
    }
  }

  /// `column comparison bound`, when there is a bound; no quake at all for
  /// a bound that is not a number (every comparison with it is false in Swift).
  private mutating func require(_ column: String, _ comparison: String, _ bound: Double?) {
    guard let bound else { return }
    guard !bound.isNaN else { return self.require("FALSE") }
    self.require("\(column) \(comparison) \(self.bind(bound))")
  }

  /// A network, event or magnitude type in any case, compared as the key
  /// the store writes beside it (``NameKey``).
  private mutating func requireName(_ column: String, _ name: String?) {
    guard let key = NameKey.of(name) else { return }
    self.require("\(column) = \(self.bind(QuakesTable.storable(key)))")
  }

  /// The box, edges included, across the antimeridian when its west edge
  /// lies east of its east edge; the matcher's alone when an edge is not a number.
  private mutating func requireBox(_ box: GeoBox?) {
    guard let box else { return }
    guard ![box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude].contains(where: \.isNaN) else {
      self.testsInSwift = true
      return
    }
    self.require("latitude >= \(self.bind(box.minLatitude)) AND latitude <= \(self.bind(box.maxLatitude))")
    let join = box.crossesAntimeridian ? "OR" : "AND"
    self.require("(longitude >= \(self.bind(box.minLongitude)) \(join) longitude <= \(self.bind(box.maxLongitude)))")
  }

  /// The epicentre within one of `boxes`, which hold every point the place
  /// does (none: nothing matches); nothing narrowed for `nil`.
  private mutating func requireAnyOf(_ boxes: [GeoBox]?) {
    guard let boxes else { return }
    guard !boxes.isEmpty else { return self.require("FALSE") }
    let alternatives = boxes.map { box in
      "(latitude BETWEEN \(self.bind(box.minLatitude)) AND \(self.bind(box.maxLatitude)) "
        + "AND longitude BETWEEN \(self.bind(box.minLongitude)) AND \(self.bind(box.maxLongitude)))"
    }
    self.require("(" + alternatives.joined(separator: " OR ") + ")")
  }

  /// `date`, unless it is not a number: a time bound that is not one
  /// excludes nothing in the matcher.
  private static func number(_ date: Date?) -> Date? {
    guard let date, !date.timeIntervalSinceReferenceDate.isNaN else { return nil }
    return date
  }
}
