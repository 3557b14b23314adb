/// The pure function that computes the next ``QuakesState`` from the current
/// one and an action. No I/O: the ``Listener`` starts side effects after it.
///
/// Semantics kept from the seed: the first launch moves the cache status from
/// `nil` to waiting (and the listener loads the local store); a refresh is
/// ignored while the same feed is already waiting; a local fetch merges; a
/// remote fetch upserts and removes quakes whose magnitude is ≤ 0 or unknown;
/// deletes are optimistic; failures become ``Status/failure(error:)``.
///
/// Departures: the state holds the live window (``LiveWindow``), the
/// database the whole cache, which answers the queries. So a delete
/// carries the quake the database holds (`quakes.delete` asks it first),
/// and the retention rules and history windows act on the database, then
/// report what they changed.
public enum QuakesReducer {
  /// Computes the state after `action`. It throws nothing; the signature
  /// is the store's, whose reducers may refuse an action.
  @Sendable public static func reduce(state: QuakesState, action: QuakesAction) throws -> QuakesState {
    switch action {
    case .daemon(.didStart):
      return self.didStart(state: state)
    case .daemon(.didReload(options: let options)):
      return self.didReload(state: state, options: options)
    case .daemon(.didChangeRole(writes: let writes)):
      var state = state
      state.writes = writes
      return state
    case .daemon(.catchUp):
      // The listener reads the local store; `didReloadQuakes` reports it.
      return state
    case .client(.refresh(feed: let feed)), .scheduler(.pollDue(feed: let feed)):
      return self.refresh(state: state, feed: feed)
    case .client(.delete(quake: let quake)):
      return self.delete(state: state, quake: quake)
    case .client(.purge):
      return self.purge(state: state)
    case .scheduler(.retentionDue):
      // The listener asks the local store; `didExpireQuakes` reports it.
      return state
    case .client(.backfill(query: let query, date: let date)):
      return self.backfill(state: state, query: query, at: date)
    case .client(.cancelBackfill(date: let date)):
      return self.cancelBackfill(state: state, at: date)
    case .scheduler(.reconcileDue(date: let date, extent: let extent)):
      return self.reconcile(state: state, at: date, extent: extent)
    case .data(.persistentSession(.localStore(let action))):
      return self.reduce(state: state, action: action)
    case .data(.persistentSession(.remoteStore(let action))):
      return self.reduce(state: state, action: action)
    }
  }
}
