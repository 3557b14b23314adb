public import HashTreeCollections
public import QuakesModel

// Selectors: pure functions of the state, as in the seed. Each comes as an
// instance method and as a static function returning a `@Sendable` closure
// for `Store.select(_:)`; both run as well on a snapshot, off the store's actor.

extension QuakesState {
  /// The map-set selector: the quakes `filter` matches, by id, unsorted.
  public func selectQuakes(_ filter: QuakesQuery.Filter) -> TreeDictionary<Quake.ID, Quake> {
    let matcher = QuakesQuery.Filter.Matcher(filter)
    return self.quakes.data.byId.filter { matcher.matches($0.value) }
  }

  /// The map-set selector for `Store.select(_:)`.
  public static func selectQuakes(
    _ filter: QuakesQuery.Filter
  ) -> @Sendable (Self) -> TreeDictionary<Quake.ID, Quake> {
    { state in state.selectQuakes(filter) }
  }

  /// How many quakes the cache holds: those of the live window in the
  /// state and those only the local store holds.
  public func selectQuakesCount() -> Int {
    self.quakes.data.count + self.quakes.historyCount
  }

  /// How many quakes the state itself holds: the live window.
  public func selectLiveQuakesCount() -> Int {
    self.quakes.data.count
  }

  /// The revision of the cached quakes (``QuakesState/Quakes/revision``):
  /// a result computed at one revision stays the answer while it does.
  public func selectCatalogueRevision() -> Int {
    self.quakes.revision
  }

  /// How many changes the local store committed
  /// (``QuakesState/Quakes/committedChanges``): answers read at one count
  /// stay the answers while it does.
  public func selectCommittedChanges() -> Int {
    self.quakes.committedChanges
  }

  /// The count selector for `Store.select(_:)`.
  public static func selectQuakesCount() -> @Sendable (Self) -> Int {
    { state in state.selectQuakesCount() }
  }

  /// The status of the local store.
  public func selectQuakesStatus() -> Status? {
    self.quakes.status
  }

  /// The status selector for `Store.select(_:)`.
  public static func selectQuakesStatus() -> @Sendable (Self) -> Status? {
    { state in state.selectQuakesStatus() }
  }

  /// The state of every feed fetched or loaded, in catalogue order.
  public func selectFeeds() -> [(feed: QuakesFeed, state: FeedState)] {
    self.feeds.map { (feed: $0.key, state: $0.value) }.sorted { $0.feed < $1.feed }
  }

  /// Whether the local store has been loaded (before that, refreshes are ignored).
  public func selectIsLoaded() -> Bool {
    self.isLoaded
  }

  /// The state of every feed fetched or loaded, by feed: the collection
  /// itself, so that two states compare in O(1) when no feed changed.
  public func selectFeedStates() -> TreeDictionary<QuakesFeed, FeedState> {
    self.feeds
  }

  /// The last write to the local store that failed, if any, kept after the
  /// state was reloaded.
  public func selectLastMutationError() -> String? {
    self.quakes.lastMutationError
  }

  /// The state of `feed`; `nil` before it was first fetched or loaded.
  public func selectFeed(_ feed: QuakesFeed) -> FeedState? {
    self.feeds[feed]
  }

  /// The one-feed selector for `Store.select(_:)`.
  public static func selectFeed(_ feed: QuakesFeed) -> @Sendable (Self) -> FeedState? {
    { state in state.selectFeed(feed) }
  }

  /// The quake with `quakeId`, if the state holds it (the live window).
  public func selectQuake(quakeId: Quake.ID?) -> Quake? {
    guard let quakeId else { return nil }
    return self.quakes.data[quakeId]
  }

  /// The one-quake selector for `Store.select(_:)`.
  public static func selectQuake(quakeId: Quake.ID?) -> @Sendable (Self) -> Quake? {
    { state in state.selectQuake(quakeId: quakeId) }
  }
}
