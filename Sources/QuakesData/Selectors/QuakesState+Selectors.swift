public import HashTreeCollections
public import QuakesModel

// Selectors: pure functions of the state, as in the seed. Each comes as an
// instance method and as a static function returning a `@Sendable` closure
// for `Store.select(_:)`; both run as well on a snapshot, off the store's actor.

extension QuakesState {
  /// The list selector: the quakes `query` matches, sorted, one page of them,
  /// and how many matched in all.
  public func selectQuakesPage(_ query: QuakesQuery) -> QuakesPage {
    let matcher = QuakesQuery.Filter.Matcher(query.filter)
    var matched: [Quake] = []
    for quake in self.quakes.data.values where matcher.matches(quake) {
      matched.append(quake)
    }
    if query.sort == .distance, let centre = query.filter.near?.centre {
      // Each distance once, not once per comparison.
      let forward = query.order == .forward
      matched =
        matched.map { (distance: Earth.distanceKm(centre, $0.epicentre), quake: $0) }
        .sorted { lhs, rhs in
          if lhs.distance != rhs.distance { return forward ? lhs.distance < rhs.distance : lhs.distance > rhs.distance }
          return forward ? lhs.quake.id < rhs.quake.id : lhs.quake.id > rhs.quake.id
        }
        .map(\.quake)
    } else {
      matched.sort(by: query.areInIncreasingOrder)
    }
    let start = min(max(query.offset, 0), matched.count)
    let end = query.limit.map { start + min(max($0, 0), matched.count - start) } ?? matched.count
    return QuakesPage(matched: matched.count, quakes: Array(matched[start..<end]), origin: query.filter.near?.centre)
  }

  /// The list selector for `Store.select(_:)`.
  public static func selectQuakesPage(_ query: QuakesQuery) -> @Sendable (Self) -> QuakesPage {
    { state in state.selectQuakesPage(query) }
  }

  /// The map-set selector: the quakes `filter` matches, by id, unsorted.
  public func selectQuakes(_ filter: QuakesQuery.Filter) -> TreeDictionary<Quake.ID, Quake> {
    let matcher = QuakesQuery.Filter.Matcher(filter)
    return self.quakes.data.filter { matcher.matches($0.value) }
  }

  /// The map-set selector for `Store.select(_:)`.
  public static func selectQuakes(
    _ filter: QuakesQuery.Filter
  ) -> @Sendable (Self) -> TreeDictionary<Quake.ID, Quake> {
    { state in state.selectQuakes(filter) }
  }

  /// How many quakes the cache holds.
  public func selectQuakesCount() -> Int {
    self.quakes.data.count
  }

  /// How many quakes `filter` matches: the whole count, in O(1), for a
  /// filter that asks for nothing.
  public func selectQuakesCount(matching filter: QuakesQuery.Filter) -> Int {
    if filter.matchesEverything { return self.quakes.data.count }
    let matcher = QuakesQuery.Filter.Matcher(filter)
    return self.quakes.data.values.reduce(0) { $0 + (matcher.matches($1) ? 1 : 0) }
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

  /// Every cached quake, by id: the collection itself, shared with the
  /// state, for a cache of results that must know when it changed (O(1)
  /// equality for the same tree).
  public func selectAllQuakes() -> TreeDictionary<Quake.ID, Quake> {
    self.quakes.data
  }

  /// The quake with `quakeId`, if the cache holds it.
  public func selectQuake(quakeId: Quake.ID?) -> Quake? {
    guard let quakeId else { return nil }
    return self.quakes.data[quakeId]
  }

  /// The one-quake selector for `Store.select(_:)`.
  public static func selectQuake(quakeId: Quake.ID?) -> @Sendable (Self) -> Quake? {
    { state in state.selectQuake(quakeId: quakeId) }
  }
}
