package import ImmutableData
package import QuakesData
package import QuakesModel
package import QuakesProtocol

/// Answers the questions about the cached quakes (`quakes.list`,
/// `quakes.count`, `quakes.get`, `alerts.test`) from the database, with the
/// selectors' semantics, through the store's pool of read-only connections
/// (WAL: a read never blocks the writer, nor waits for it).
///
/// Each answer reads a committed snapshot no older than the state at the
/// time of the request: the reader takes the store's state with its
/// transition count and waits until the listener has written that far
/// (``ListenerProgress``). So a `delete`, `purge` or `refresh --wait`
/// reply is followed by answers that include it, as when the selectors
/// read the state itself.
package struct CatalogueReader: Sendable {
  let store: Store<QuakesState, QuakesAction>
  let database: any QuakesCatalogue
  let progress: ListenerProgress

  /// Reads `database`, the local store of `store`, whose listener reports
  /// how far it has written in `progress`.
  package init(store: Store<QuakesState, QuakesAction>, database: any QuakesCatalogue, progress: ListenerProgress) {
    self.store = store
    self.database = database
    self.progress = progress
  }

  /// The state as it is now, once the database holds its writes.
  package func freshState() async -> QuakesState {
    let (state, count) = self.store.countedSnapshot()
    await self.progress.wait(forTransition: count)
    return state
  }

  /// Whether the database holds the changes of `committedChanges` and no
  /// more, as far as the listener tells: it has handled every transition
  /// so far, and the state's count of committed changes is still that.
  /// Asked after a read of the database, it says the read saw that count's
  /// database, not a write committed before the count moved for it (the
  /// listener commits a batch, then reports it). Another process writing
  /// a shared store is not seen here.
  package func isSettled(at committedChanges: Int) -> Bool {
    // Handled first: a transition after this look shows in the count below.
    let handled = self.progress.handled
    let (state, count) = self.store.countedSnapshot()
    return handled >= count && state.selectCommittedChanges() == committedChanges
  }

  /// The page of `query`, its matches counted if `countingMatches`
  /// (``QuakesCatalogue/quakesPage(_:countingMatches:)``). Call it after
  /// ``freshState()``.
  package func page(_ query: QuakesQuery, countingMatches: Bool) async throws(ProtocolError) -> QuakesPage {
    try await self.reading { try await self.database.quakesPage(query, countingMatches: countingMatches) }
  }

  /// The page of `query`, its matches not counted, with the quakes
  /// `isKept` keeps named by id alone
  /// (``QuakesCatalogue/quakesPage(_:keeping:)``). Call it after
  /// ``freshState()``.
  package func page(_ query: QuakesQuery, keeping isKept: @escaping @Sendable (Quake.ID) -> Bool)
    async throws(ProtocolError) -> QuakesSparsePage
  {
    try await self.reading { try await self.database.quakesPage(query, keeping: isKept) }
  }

  /// A cursor over the quakes of `query`, `pageSize` at a time, from a
  /// snapshot of the database taken now
  /// (``QuakesCatalogue/quakesCursor(_:pageSize:)``). Call it after
  /// ``freshState()``.
  package func cursor(_ query: QuakesQuery, pageSize: Int) async throws(ProtocolError) -> any QuakesCursor {
    try await self.reading { try await self.database.quakesCursor(query, pageSize: pageSize) }
  }

  /// The next page of `cursor`; `nil` after the last.
  package func next(of cursor: any QuakesCursor) async throws(ProtocolError) -> [Quake]? {
    try await self.reading { try await cursor.next() }
  }

  /// How many quakes match `filter`, as fresh as the state now.
  package func count(matching filter: QuakesQuery.Filter) async throws(ProtocolError) -> Int {
    _ = await self.freshState()
    return try await self.reading { try await self.database.quakesCount(matching: filter) }
  }

  /// The quake with `id`, as fresh as the state now; `nil` if the cache
  /// has none.
  package func quake(id: Quake.ID) async throws(ProtocolError) -> Quake? {
    _ = await self.freshState()
    return try await self.reading { try await self.database.quake(id: id) }
  }

  /// The networks of the cached quakes, each once (the FDSN service's
  /// `catalogs` and `contributors`).
  package func networks() async throws(ProtocolError) -> [String] {
    _ = await self.freshState()
    return try await self.reading { try await self.database.networks() }
  }

  private func reading<T>(_ read: () async throws -> T) async throws(ProtocolError) -> T {
    do {
      return try await read()
    } catch {
      throw ProtocolError(
        .unavailable, "\(errorMessage(error)) (quakectl status shows the cache's state; try again once it is fixed)")
    }
  }
}
