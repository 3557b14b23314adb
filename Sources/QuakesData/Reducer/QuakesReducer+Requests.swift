import Foundation
import QuakesModel

extension QuakesReducer {
  static func didStart(state: QuakesState) -> QuakesState {
    guard state.quakes.status == nil else { return state }
    var state = state
    state.quakes.status = .waiting
    return state
  }

  static func didReload(state: QuakesState, options: SyncOptions) -> QuakesState {
    var state = state
    state.options = options
    return state
  }

  static func refresh(state: QuakesState, feed: QuakesFeed) -> QuakesState {
    guard state.isLoaded, state.feeds[feed]?.status != .waiting else { return state }
    var state = state
    state.feeds[feed, default: FeedState()].status = .waiting
    return state
  }

  /// Removes the cached quake from the state, or from the count of those
  /// outside it; the listener deletes it from the local store.
  static func delete(state: QuakesState, quake: Quake) -> QuakesState {
    var state = state
    LiveWindow.remove([quake], from: &state.quakes)
    state.quakes.revision += 1
    state.quakes.committedChanges += 1
    return state
  }

  /// Removes every quake, and forgets each feed's validators and last
  /// `metadata.generated`: they describe batches no longer cached, and kept,
  /// they would turn the next poll into a `304` that leaves the cache empty.
  static func purge(state: QuakesState) -> QuakesState {
    var state = state
    state.quakes.data = [:]
    state.quakes.historyCount = 0
    state.quakes.revision += 1
    state.quakes.committedChanges += 1
    for (feed, var feedState) in state.feeds {
      feedState.record.validators = FeedValidators()
      feedState.record.generated = nil
      state.feeds[feed] = feedState
    }
    return state
  }
}
