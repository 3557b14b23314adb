import GRDB
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
  private(set) var conditionArguments: StatementArguments = []
  /// The ORDER BY clause's terms: the sort key, then the id, in the query's direction.
  private(set) var ordering = ""
  /// The arguments of ``ordering``.
  private(set) var orderingArguments: StatementArguments = []
  /// Functions for this query alone (`within`'s polygons), registered for its read.
  private(set) var functions: [DatabaseFunction] = []
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
    self.conditionArguments += arguments
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

  /// Counts the matches.
  var countSQL: String { "SELECT count(*) FROM quakes" + self.whereClause }

  /// The arguments of ``countSQL``.
  var countArguments: StatementArguments { self.conditionArguments }

  /// Reads the page: the columns ``QuakesTable/quake(_:)`` reads, in order.
  var pageSQL: String {
    "SELECT \(QuakesTable.columns.joined(separator: ", ")) FROM quakes" + self.whereClause
      + " ORDER BY \(self.ordering) LIMIT ? OFFSET ?"
  }

  /// The arguments of ``pageSQL``.
  var pageArguments: StatementArguments {
    self.conditionArguments + self.orderingArguments + [self.limit, self.offset]
  }

  /// The arguments of ``pageSQL`` that read one quake past the page, if
  /// there is one, to tell whether more match (none past "no limit").
  var pageAndNextArguments: StatementArguments {
    let limit = self.limit < 0 || self.limit == .max ? self.limit : self.limit + 1
    return self.conditionArguments + self.orderingArguments + [limit, self.offset]
  }

  /// The page's size; `nil` for every match.
  var pageSize: Int? { self.limit < 0 ? nil : self.limit }

  private var whereClause: String {
    self.conditions.isEmpty ? "" : " WHERE " + self.conditions.joined(separator: " AND ")
  }
}
