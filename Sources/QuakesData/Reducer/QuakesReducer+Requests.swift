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

  /// Removes the quakes the retention rules expire at `date` (optimistic,
  /// as a delete), and records how many.
  static func expire(state: QuakesState, at date: Date) -> QuakesState {
    guard state.isLoaded else { return state }
    let expired = Retention.expired(in: state, rules: state.options.retention, at: date)
    guard !expired.isEmpty else { return state }
    var state = state
    for id in expired { state.quakes.data[id] = nil }
    state.retention.lastRemoval = date
    state.retention.lastRemoved = expired.count
    state.retention.removed += expired.count
    return state
  }

  static func refresh(state: QuakesState, feed: QuakesFeed) -> QuakesState {
    guard state.isLoaded, state.feeds[feed]?.status != .waiting else { return state }
    var state = state
    state.feeds[feed, default: FeedState()].status = .waiting
    return state
  }

  /// Removes the quake from the state, if it holds it; the listener
  /// deletes it from the local store either way.
  static func delete(state: QuakesState, quakeId: Quake.ID) -> QuakesState {
    guard state.quakes.data[quakeId] != nil else { return state }
    var state = state
    state.quakes.data[quakeId] = nil
    return state
  }

  /// Removes every quake, and forgets each feed's validators and last
  /// `metadata.generated`: they describe batches no longer cached, and kept,
  /// they would turn the next poll into a `304` that leaves the cache empty.
  static func purge(state: QuakesState) -> QuakesState {
    var state = state
    state.quakes.data = [:]
    for (feed, var feedState) in state.feeds {
      feedState.record.validators = FeedValidators()
      feedState.record.generated = nil
      state.feeds[feed] = feedState
    }
    return state
  }
}
