import Foundation
import QuakesModel

extension QuakesReducer {
  static func reduce(
    state: QuakesState,
    action: QuakesAction.Data.PersistentSession.RemoteStore
  ) -> QuakesState {
    switch action {
    case .didFetchQuakes(feed: let feed, date: let date, result: let result):
      var state = state
      var feedState = state.feeds[feed] ?? FeedState()
      feedState.lastAttempt = date
      switch result {
      case .success(batch: let batch, stored: let stored):
        if !feedState.record.hasApplied(batch) {
          var quakes = state.quakes
          LiveWindow.take(stored, into: &quakes)
          let (data, touched) = RemoteSync.apply(batch, of: feed, options: state.options, to: quakes.data)
          quakes.data = data
          LiveWindow.prune(&quakes, at: date, options: state.options, keeping: Set(touched))
          quakes.revision += 1
          state.quakes = quakes
        }
        feedState.status = .success
        feedState.record = FeedRecord(validators: batch.validators, generated: batch.generated, lastSuccess: date)
        feedState.skippedFeatures = batch.skippedFeatures
      case .notModified:
        feedState.status = .success
        feedState.record.lastSuccess = date
      case .failure(error: let error):
        feedState.status = .failure(error: error)
        feedState.lastFailure = FeedFailure(date: date, message: error)
      }
      state.feeds[feed] = feedState
      return state
    case .didCountHistory(job: let id, window: let window, date: let date, result: let result):
      // An answer for another run, or for a step the job no longer waits
      // for (it was cancelled, say), changes nothing.
      let kind = id.kind
      guard let job = state.history[kind], job.id == id, job.step == .count(window) else { return state }
      var state = state
      switch result {
      case .success(count: let count, maximum: let maximum):
        state.history[kind]?.counted(window, count: count, maximum: maximum, at: date)
      case .failure(error: let error):
        state.history[kind]?.fail(error, at: date)
      }
      return state
    case .didFetchHistory(job: let id, window: let window, date: let date, result: let result):
      let kind = id.kind
      guard let job = state.history[kind], job.id == id, job.step == .fetch(window) else { return state }
      var state = state
      switch result {
      case .success(batch: let batch):
        // The quakes change once the window is written (`didWriteHistory`):
        // its diff is taken against the local store.
        state.history[kind]?.fetched(window, events: batch.quakes.count, at: date)
      case .tooManyEvents(maximum: let maximum):
        state.history[kind]?.refusedAsTooLarge(window, maximum: maximum, at: date)
      case .failure(error: let error):
        state.history[kind]?.fail(error, at: date)
      }
      return state
    }
  }
}
