/// The pure function that computes the next ``QuakesState`` from the current
/// one and an action. No I/O: the ``Listener`` starts side effects after it.
///
/// Semantics kept from the seed: the first launch moves the cache status from
/// `nil` to waiting (and the listener loads the local store); a refresh is
/// ignored while the same feed is already waiting; a local fetch merges; a
/// remote fetch upserts and removes quakes whose magnitude is ≤ 0 or unknown;
/// deletes are optimistic; failures become ``Status/failure(error:)``.
///
/// Departure: a delete of an id the state does not hold is not an error.
/// The database holds the whole cache and answers the queries; the state
/// need not hold every quake it does (a row a script wrote, and, once the
/// state keeps only the live window, history). Whether the cache holds the
/// quake is the caller's question to the database (`quakes.delete` asks it).
public enum QuakesReducer {
  /// Computes the state after `action`. It throws nothing; the signature
  /// is the store's, whose reducers may refuse an action.
  @Sendable public static func reduce(state: QuakesState, action: QuakesAction) throws -> QuakesState {
    switch action {
    case .daemon(.didStart):
      return self.didStart(state: state)
    case .daemon(.didReload(options: let options)):
      return self.didReload(state: state, options: options)
    case .client(.refresh(feed: let feed)), .scheduler(.pollDue(feed: let feed)):
      return self.refresh(state: state, feed: feed)
    case .client(.delete(quakeId: let quakeId)):
      return self.delete(state: state, quakeId: quakeId)
    case .client(.purge):
      return self.purge(state: state)
    case .scheduler(.retentionDue(date: let date)):
      return self.expire(state: state, at: date)
    case .client(.backfill(query: let query, date: let date)):
      return self.backfill(state: state, query: query, at: date)
    case .client(.cancelBackfill(date: let date)):
      return self.cancelBackfill(state: state, at: date)
    case .scheduler(.reconcileDue(date: let date)):
      return self.reconcile(state: state, at: date)
    case .data(.persistentSession(.localStore(let action))):
      return self.reduce(state: state, action: action)
    case .data(.persistentSession(.remoteStore(let action))):
      return self.reduce(state: state, action: action)
    }
  }
}
