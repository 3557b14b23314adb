public import QuakesModel

/// The read side of a local store: the questions about the cached quakes
/// that the database answers with the selectors' semantics, through
/// connections of its own (a read never waits for the writer).
///
/// The socket server asks them through this protocol, so that it depends on
/// no one database: SQLite implements it (`SQLiteLocalStore`), and so can
/// another store.
public protocol QuakesCatalogue: Sendable {
  /// The page of `query`: its quakes in its order, and how many match
  /// when `countingMatches`.
  func quakesPage(_ query: QuakesQuery, countingMatches: Bool) async throws -> QuakesPage
  /// The quakes of `query` (all its matches, or its page when it has a
  /// limit), read `pageSize` at a time from one snapshot of the cache as
  /// the cursor is asked for them.
  func quakesCursor(_ query: QuakesQuery, pageSize: Int) async throws -> any QuakesCursor
  /// How many cached quakes match `filter`.
  func quakesCount(matching filter: QuakesQuery.Filter) async throws -> Int
  /// The cached quake with `id`; `nil` if there is none.
  func quake(id: Quake.ID) async throws -> Quake?
  /// The networks of the cached quakes, each once.
  func networks() async throws -> [String]
}
