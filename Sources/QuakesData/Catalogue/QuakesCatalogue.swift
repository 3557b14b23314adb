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
  /// The page of `query`, its matches not counted, with the quakes
  /// `isKept` keeps (asked once for each quake of the page, on any thread)
  /// named by id alone and the others read whole, all from one snapshot.
  /// A store that reads whole rows anyway may read them all (the default).
  func quakesPage(_ query: QuakesQuery, keeping isKept: @escaping @Sendable (Quake.ID) -> Bool) async throws
    -> QuakesSparsePage
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

extension QuakesCatalogue {
  /// The page of `query` read whole, then the quakes `isKept` keeps named
  /// by id alone: for a store whose rows cost no more whole than by id.
  public func quakesPage(_ query: QuakesQuery, keeping isKept: @escaping @Sendable (Quake.ID) -> Bool) async throws
    -> QuakesSparsePage
  {
    QuakesSparsePage(try await self.quakesPage(query, countingMatches: false), keeping: isKept)
  }
}
