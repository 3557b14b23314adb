extension QuakesReducer {
  static func reduce(
    state: QuakesState,
    action: QuakesAction.Data.PersistentSession.LocalStore
  ) -> QuakesState {
    var state = state
    switch action {
    case .didFetchQuakes(result: .success(cache: let cache)):
      for quake in cache.quakes {
        state.quakes.data[quake.id] = quake
      }
      for (feed, record) in cache.feeds where state.feeds[feed] == nil {
        state.feeds[feed] = FeedState(record: record)
      }
      state.quakes.status = .success
    case .didReloadQuakes(result: .success(cache: let cache)):
      state.quakes.data = [:]
      for quake in cache.quakes {
        state.quakes.data[quake.id] = quake
      }
      state.quakes.status = .success
    case .didFetchQuakes(result: .failure(error: let error)),
      .didReloadQuakes(result: .failure(error: let error)):
      state.quakes.status = .failure(error: error)
    case .didWriteRemoteQuakes(feed: let feed, counts: let counts):
      state.feeds[feed, default: FeedState()].lastWrite = counts
    case .didFailMutation(error: let error):
      state.quakes.status = .failure(error: error)
      state.quakes.lastMutationError = error
    }
    return state
  }
}
