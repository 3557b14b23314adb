import Foundation
import GRDB
import QuakesData
import QuakesModel

/// A ``QuakesQuery`` as SQL over `quakes`: the statement that counts its
/// matches, the one that reads its page, their arguments, and the SQL
/// functions of the query's own to register for the read.
///
/// The answer is meant to be the list selector's
/// (`QuakesState.selectQuakesPage`), quake for quake, in the same order and
/// with the same count: the in-memory selector is the oracle, and
/// `QueryDifferentialTests` compares the two on random catalogues and
/// queries. So each condition is either a comparison SQL makes exactly as
/// Swift does (times, magnitudes, depths, impact, the box) or a call to the
/// Swift code the matcher calls (``QueryFunctions``): folding the search
/// text, lower-casing names, distances and polygons.
///
/// Comparisons stay on the bare columns, so that the indexes on time and
/// magnitude (and later ones) can serve them, and `near`, `bbox` and `within`
/// first ask the R*Tree for the quakes in boxes that cover them.
struct QuakesQuerySQL: Sendable {
  /// The conditions of the WHERE clause, all of which must hold.
  private(set) var conditions: [String] = []
  /// The arguments of ``conditions``, in order.
  private(set) var baseArguments: StatementArguments = []
  /// The ORDER BY clause's terms: the sort key, then the id, in the query's direction.
  private(set) var ordering = ""
  /// The arguments of ``ordering``.
  private(set) var orderingArguments: StatementArguments = []
  /// Functions for this query alone (`within`'s polygons), registered for its read.
  private(set) var functions: [DatabaseFunction] = []
  /// The search text, folded; `nil` for none. Not among ``conditions``:
  /// each statement tests it in its own way (``SearchPlan``).
  var search: SearchText?
  /// The page's size; −1, SQLite's "no limit", for every match.
  private let limit: Int
  /// The matches skipped before the page.
  private let offset: Int

  /// `query` as SQL.
  init(_ query: QuakesQuery) {
    // As the selector's PageCollector: a negative limit or offset counts as 0.
    self.limit = query.limit.map { Swift.max($0, 0) } ?? -1
    self.offset = Swift.max(query.offset, 0)
    self.requireTimes(query.filter)
    self.requireValues(query.filter)
    self.requireImpact(query.filter)
    self.requireNames(query.filter)
    self.requirePlace(query.filter)
    self.sortAsTheSelector(query)
  }

  /// Adds a condition every match must meet.
  mutating func require(_ condition: String, _ arguments: StatementArguments = []) {
    self.conditions.append(condition)
    self.baseArguments += arguments
  }

  /// Sets the ORDER BY terms.
  mutating func order(by terms: String, _ arguments: StatementArguments = []) {
    self.ordering = terms
    self.orderingArguments = arguments
  }

  /// Adds a function the conditions call, for this query's read.
  mutating func register(_ function: DatabaseFunction) {
    self.functions.append(function)
  }

  /// Counts the matches: the search, if any, through the full-text index
  /// when its text is long enough for it (``SearchIndexTable``).
  var countSQL: String {
    "SELECT count(*) FROM quakes" + self.whereClause(searching: self.indexedSearch)
  }

  /// The arguments of ``countSQL``.
  var countArguments: StatementArguments {
    self.conditionArguments(searching: self.indexedSearch)
  }

  /// The ways to read the page, to try in order until one answers it:
  /// with a search of a page of known size, first a walk of the rows the
  /// other conditions lead to in the page's order (a common text fills the
  /// page within a few of them), then the full-text index (a rare text is
  /// found among few); without a search, or with one too short for the
  /// index, the one plain read.
  var pagePlans: [SearchPlan] {
    guard self.search != nil, self.indexedSearch == .index else { return [.scan] }
    guard self.limit >= 0 else { return [.index] }
    let (wanted, overflow) = self.offset.addingReportingOverflow(self.limit)
    let rows = overflow ? Self.longestWalk : Swift.min(Self.longestWalk, Swift.max(1_000, (wanted + 1) * 50))
    return [.walk(rows: rows), .index]
  }

  /// The most rows a walk tests before the index is asked instead.
  static let longestWalk = 20_000

  /// Reads the page as `plan` says: the columns ``QuakesTable/quake(_:)``
  /// reads, in order.
  func pageSQL(_ plan: SearchPlan) -> String {
    let columns = QuakesTable.columns.joined(separator: ", ")
    let page = " ORDER BY \(self.ordering) LIMIT ? OFFSET ?"
    guard case .walk = plan else {
      return "SELECT \(columns) FROM quakes" + self.whereClause(searching: plan) + page
    }
    return "SELECT \(columns) FROM (SELECT \(columns) FROM quakes" + self.whereClause(searching: nil)
      + " ORDER BY \(self.ordering) LIMIT ?) WHERE \(Self.scanCondition)" + page
  }

  /// The arguments of ``pageSQL(_:)`` for `plan`, reading one quake past
  /// the page, if there is one, to tell whether more match (none past "no limit").
  func pageArguments(_ plan: SearchPlan) -> StatementArguments {
    let limit = self.limit < 0 || self.limit == .max ? self.limit : self.limit + 1
    let page: StatementArguments = self.orderingArguments + [limit, self.offset]
    guard case .walk(let rows) = plan, let search = self.search else {
      return self.conditionArguments(searching: plan) + page
    }
    return self.conditionArguments(searching: nil) + self.orderingArguments + [rows, Data(search.bytes)] + page
  }

  /// The page's size; `nil` for every match.
  var pageSize: Int? { self.limit < 0 ? nil : self.limit }

  /// How the search text of a query is tested.
  enum SearchPlan: Equatable {
    /// On each row, by the matcher's own code (`quakesd_found_in`).
    case scan
    /// Through the full-text index (``SearchIndexTable``).
    case index
    /// On each of the first `rows` rows the other conditions give in the
    /// page's order: the page is answered when it fills within them.
    case walk(rows: Int)
  }

  /// How a count or a read of every match tests the search: through the
  /// index when the text has a trigram.
  private var indexedSearch: SearchPlan {
    self.search.flatMap(SearchIndexTable.phrase) == nil ? .scan : .index
  }

  private static let scanCondition = "quakesd_found_in(place, ?)"

  /// The WHERE clause, with the search tested as `plan` says (`nil`: not at all).
  private func whereClause(searching plan: SearchPlan?) -> String {
    var conditions = self.conditions
    if self.search != nil, let plan {
      conditions.append(plan == .index ? SearchIndexTable.matchCondition : Self.scanCondition)
    }
    return conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
  }

  /// The arguments of ``whereClause(searching:)``.
  private func conditionArguments(searching plan: SearchPlan?) -> StatementArguments {
    guard let search = self.search, let plan else { return self.baseArguments }
    if plan == .index, let phrase = SearchIndexTable.phrase(search) {
      return self.baseArguments + [phrase]
    }
    return self.baseArguments + [Data(search.bytes)]
  }
}
