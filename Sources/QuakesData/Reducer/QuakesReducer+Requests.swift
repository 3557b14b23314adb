extension QuakesReducer {
  static func didStart(state: QuakesState) -> QuakesState {
    guard state.quakes.status == nil else { return state }
    var state = state
    state.quakes.status = .waiting
    return state
  }

  static func refresh(state: QuakesState, feed: QuakesFeed) -> QuakesState {
    guard state.isLoaded, state.feeds[feed]?.status != .waiting else { return state }
    var state = state
    state.feeds[feed, default: FeedState()].status = .waiting
    return state
  }

  static func delete(state: QuakesState, quakeId: Quake.ID) throws -> QuakesState {
    guard state.quakes.data[quakeId] != nil else {
      throw Error.quakeNotFound(quakeId)
    }
    var state = state
    state.quakes.data[quakeId] = nil
    return state
  }

  static func purge(state: QuakesState) -> QuakesState {
    var state = state
    state.quakes.data = [:]
    return state
  }
}
