import Foundation
import GRDB
import QuakesData
import QuakesModel

/// A ``QuakesQuery`` as SQL over `quakes`: the statement that counts its
/// matches, the ones that may read its page (``Plan``), their arguments,
/// and the SQL functions of the query's own to register for the read.
///
/// The answer is meant to be the list selector's
/// (`QuakesState.selectQuakesPage`), quake for quake, in the same order and
/// with the same count: the in-memory selector is the oracle, and
/// `QueryDifferentialTests` compares the two on random catalogues and
/// queries. So each condition is either a comparison SQL makes exactly as
/// Swift does (times, magnitudes, depths, impact, the box, the name keys)
/// or a call to the Swift code the matcher calls (``QueryFunctions``):
/// folding the search text, distances and polygons.
///
/// Comparisons stay on the bare columns, so that the indexes of
/// docs/schema.md can serve them; `near`, `bbox` and `within` can first ask
/// the R*Tree for the quakes in boxes that cover them, and `search` the
/// full-text index, each followed by the exact test.
struct QuakesQuerySQL: Sendable {
  /// What a condition is to the plans.
  enum Role: Sendable {
    /// Served by the table's indexes, or tested on each row they lead to:
    /// in every plan.
    case walked
    /// An exact test of the place (the box, the circle, the polygons): in
    /// every plan, after the walk in ``Plan/walk(rows:)``.
    case exact
    /// A pre-filter through a derived index (the R*Tree): only in ``Plan/full``.
    case indexed
  }

  /// How a page (or a count) is read.
  enum Plan: Equatable, Sendable {
    /// Every condition at once, with the R*Tree and the full-text index
    /// leading to the few quakes they hold, the search through the index
    /// when its text has a trigram.
    case full
    /// The first `rows` quakes the walked conditions give, in the page's
    /// order, then the exact tests and the search on each: the page, if
    /// it and the quake after it are among them. A common word or a busy
    /// box fills a page of the newest quakes within a few hundred.
    case walk(rows: Int)
    /// Every condition at once, through `quakes_magnitude` (magnitude,
    /// time): when the magnitude bound leaves few quakes
    /// (``hasFewByMagnitude(in:)``), sorting them in the index and reading
    /// the page's rows beats walking the time index past the many below the bound, which
    /// SQLite's planner, with no statistics of magnitudes, chooses
    /// (`magnitude ≥ 4`, newest 20, at 100,000 quakes: 210 ms; at
    /// 1,000,000 with 981 of M4+, 14–15 ms against under 1 ms this way).
    case magnitudeRange
  }

  private struct Condition: Sendable {
    var sql: String
    var arguments: StatementArguments
    var role: Role
  }

  private var conditions: [Condition] = []
  /// The ORDER BY clause's terms: the sort key, then the id, in the query's direction.
  private(set) var ordering = ""
  /// The arguments of ``ordering``.
  private(set) var orderingArguments: StatementArguments = []
  /// Functions for this query alone (`within`'s polygons), registered for its read.
  private(set) var functions: [DatabaseFunction] = []
  /// The search text, folded; `nil` for none. Not among the conditions:
  /// each plan tests it in its own way.
  var search: SearchText?
  /// Whether the page is sorted by distance (a `near` query's nearest first).
  private(set) var sortsByDistance = false
  /// The page's size; −1, SQLite's "no limit", for every match.
  private let limit: Int
  /// The matches skipped before the page.
  private let offset: Int
  /// The lower bound of the magnitude; `nil` for none.
  private let minMagnitude: Double?

  /// `query` as SQL.
  init(_ query: QuakesQuery) {
    // As the selector's PageCollector: a negative limit or offset counts as 0.
    self.limit = query.limit.map { Swift.max($0, 0) } ?? -1
    self.offset = Swift.max(query.offset, 0)
    self.minMagnitude = query.filter.minMagnitude.flatMap { $0.isNaN ? nil : $0 }
    for field in QuakesFilterField.allCases {
      self.require(field, of: query.filter)
    }
    self.sortAsTheSelector(query)
  }

  /// Adds a condition every match must meet.
  mutating func require(_ condition: String, _ arguments: StatementArguments = [], role: Role = .walked) {
    self.conditions.append(Condition(sql: condition, arguments: arguments, role: role))
  }

  /// Sets the ORDER BY terms.
  mutating func order(by terms: String, _ arguments: StatementArguments = [], byDistance: Bool = false) {
    self.ordering = terms
    self.orderingArguments = arguments
    self.sortsByDistance = byDistance
  }

  /// Adds a function the conditions call, for this query's read.
  mutating func register(_ function: DatabaseFunction) {
    self.functions.append(function)
  }

  /// Counts the matches, through the derived indexes (``Plan/full``); a
  /// search alone is counted in the full-text index, which holds one row
  /// per quake with a place, without reading `quakes` at all.
  var countSQL: String {
    if self.searchAlone != nil { return "SELECT count(*) FROM quakes_search WHERE quakes_search MATCH ?" }
    return "SELECT count(*) FROM quakes" + Self.whereClause(self.fullConditions.map(\.sql))
  }

  /// Whether ``countSQL`` counts every row: no condition, no search.
  var countsEveryRow: Bool { self.conditions.isEmpty && self.search == nil }

  /// The arguments of ``countSQL``.
  var countArguments: StatementArguments {
    if let phrase = self.searchAlone { return [phrase] }
    return self.fullArguments
  }

  /// The arguments of the conditions of ``Plan/full``.
  private var fullArguments: StatementArguments {
    self.fullConditions.reduce(into: []) { $0 += $1.arguments }
  }

  /// The full-text query of a search that is the query's only condition.
  private var searchAlone: String? {
    guard self.conditions.isEmpty else { return nil }
    return self.search.flatMap(SearchIndexTable.phrase)
  }

  /// The plans that may read the page, to try in order until one answers
  /// it: a walk first when a derived index would lead to many quakes for a
  /// page of known size in an order a table index gives; else the one full read.
  var pagePlans: [Plan] {
    let leansOnADerivedIndex =
      self.search.flatMap(SearchIndexTable.phrase) != nil || self.conditions.contains { $0.role == .indexed }
    guard leansOnADerivedIndex, self.limit >= 0, !self.sortsByDistance else { return [.full] }
    let (wanted, overflow) = self.offset.addingReportingOverflow(self.limit)
    let rows = overflow ? Self.longestWalk : Swift.min(Self.longestWalk, Swift.max(500, (wanted + 1) * 25))
    return [.walk(rows: rows), .full]
  }

  /// The most rows a walk reads before the derived indexes are asked instead.
  static let longestWalk = 20_000

  /// The most quakes at or above the magnitude bound that
  /// ``Plan/magnitudeRange`` reads and sorts whole.
  static let fewByMagnitude = 2_000

  /// Whether at most ``fewByMagnitude`` quakes reach the query's magnitude
  /// bound: counted in the index alone, at most one entry past that.
  func hasFewByMagnitude(in db: Database) throws -> Bool {
    guard let bound = self.minMagnitude else { return false }
    let reached = try Int.fetchOne(
      db.cachedStatement(
        sql: "SELECT count(*) FROM (SELECT 1 FROM quakes INDEXED BY quakes_magnitude WHERE magnitude >= ? LIMIT ?)"),
      arguments: [bound, Self.fewByMagnitude + 1])
    return (reached ?? 0) <= Self.fewByMagnitude
  }

  /// Reads the page as `plan` says: the columns ``QuakesTable/quake(at:)``
  /// reads, in order, or the `id` alone when `idsOnly` (which a walk of the
  /// time or the magnitude index reads without a look at the table).
  func pageSQL(_ plan: Plan, idsOnly: Bool = false) -> String {
    let columns = idsOnly ? "id" : QuakesTable.columns.joined(separator: ", ")
    let page = " ORDER BY \(self.ordering) LIMIT ? OFFSET ?"
    switch plan {
    case .full:
      return "SELECT \(columns) FROM quakes" + Self.whereClause(self.fullConditions.map(\.sql)) + page
    case .magnitudeRange:
      // The page's ids first, from the index (and the rows it leads to
      // for conditions it does not hold), then those rows whole.
      return "SELECT \(columns) FROM quakes WHERE id IN (SELECT id FROM quakes INDEXED BY quakes_magnitude"
        + Self.whereClause(self.fullConditions.map(\.sql)) + page + ") ORDER BY \(self.ordering)"
    case .walk:
      // The walk carries only what its tests read (the place and the
      // epicentre); the page's rows are read whole once they passed.
      let walked = self.conditions.filter { $0.role == .walked }.map(\.sql)
      return "SELECT \(columns) FROM quakes WHERE id IN (SELECT walked_id FROM "
        + "(SELECT id AS walked_id, place, latitude, longitude FROM quakes" + Self.whereClause(walked)
        + " ORDER BY \(self.ordering) LIMIT ?)" + Self.whereClause(self.testedAfterTheWalk.map(\.sql)) + ")" + page
    }
  }

  /// The arguments of ``pageSQL(_:)`` for `plan`, reading one quake past
  /// the page, if there is one, to tell whether more match (none past "no limit").
  func pageArguments(_ plan: Plan) -> StatementArguments {
    let limit = self.limit < 0 || self.limit == .max ? self.limit : self.limit + 1
    let page: StatementArguments = self.orderingArguments + [limit, self.offset]
    switch plan {
    case .full:
      return self.fullArguments + page
    case .magnitudeRange:
      return self.fullArguments + page + self.orderingArguments
    case .walk(let rows):
      let walked = self.conditions.filter { $0.role == .walked }.reduce(into: StatementArguments()) {
        $0 += $1.arguments
      }
      let tested = self.testedAfterTheWalk.reduce(into: StatementArguments()) { $0 += $1.arguments }
      return walked + self.orderingArguments + [rows] + tested + page
    }
  }

  /// The page's size; `nil` for every match.
  var pageSize: Int? { self.limit < 0 ? nil : self.limit }

  /// The conditions of ``Plan/full``: all of them, and the search through
  /// the full-text index when its text has a trigram, else on each row.
  private var fullConditions: [Condition] {
    guard let search = self.search else { return self.conditions }
    if let phrase = SearchIndexTable.phrase(search) {
      return self.conditions + [Condition(sql: SearchIndexTable.matchCondition, arguments: [phrase], role: .indexed)]
    }
    return self.conditions + [Self.searchTest]
  }

  /// What a walk tests on each row it read: the place's exact tests and the search.
  private var testedAfterTheWalk: [Condition] {
    self.conditions.filter { $0.role == .exact } + (self.search == nil ? [] : [Self.searchTest])
  }

  /// The search tested on one row by the matcher's own code (the query's
  /// ``QueryFunctions/found(_:)``, registered with the search).
  private static let searchTest = Condition(sql: "\(QueryFunctions.foundName)(place)", arguments: [], role: .exact)

  private static func whereClause(_ conditions: [String]) -> String {
    conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
  }
}
