import Foundation

extension QuakesReducer {
  static func reduce(
    state: QuakesState,
    action: QuakesAction.Data.PersistentSession.LocalStore
  ) -> QuakesState {
    var state = state
    switch action {
    case .didFetchQuakes(result: .success(cache: let cache)):
      if state.quakes.data.isEmpty {
        state.quakes.data = IndexedQuakes(cache.quakes)
      } else {
        for quake in cache.quakes {
          state.quakes.data[quake.id] = quake
        }
      }
      state.quakes.liveSince = cache.liveSince
      state.quakes.historyCount = cache.historyCount
      state.quakes.storeChange = cache.storeChange
      state.quakes.revision += 1
      state.quakes.committedChanges += 1
      for (feed, record) in cache.feeds where state.feeds[feed] == nil {
        state.feeds[feed] = FeedState(record: record)
      }
      for (kind, var job) in cache.history where state.history[kind] == nil {
        job.committed = job.progress  // what the database holds is committed
        state.history[kind] = job.isRunning ? job.resumed(at: job.updated) : job
      }
      state.quakes.status = .success
    case .didReloadQuakes(result: .success(cache: let cache)):
      if let change = cache.storeChange, let current = state.quakes.storeChange, change < current {
        // Read before changes the state already took in: older than it.
        state.quakes.status = .success
        break
      }
      state.quakes.storeChange = cache.storeChange
      if cache.storeChange != nil {
        // A shared store: the jobs another instance ran, unless this one runs its own.
        for (kind, var job) in cache.history where state.history[kind]?.isRunning != true {
          job.committed = job.progress
          state.history[kind] = job.isRunning ? job.resumed(at: job.updated) : job
        }
      }
      state.quakes.data = IndexedQuakes(cache.quakes)
      state.quakes.liveSince = cache.liveSince
      state.quakes.historyCount = cache.historyCount
      state.quakes.revision += 1
      state.quakes.committedChanges += 1
      // What the database committed, not what the state had applied: a feed
      // whose batch was not written polls with the validators and the
      // `generated` of the batch before it, and so fetches it again.
      for (feed, var feedState) in state.feeds {
        feedState.record = cache.feeds[feed] ?? FeedRecord()
        state.feeds[feed] = feedState
      }
      // History jobs are left alone: a job whose window could not be
      // written was taken back to its committed progress when that write
      // failed (below), and a running job's own window may be committing now.
      state.quakes.status = .success
    case .didFetchQuakes(result: .failure(error: let error)),
      .didReloadQuakes(result: .failure(error: let error)):
      state.quakes.status = .failure(error: error)
    case .didWriteRemoteQuakes(feed: let feed, diff: let diff):
      state.feeds[feed, default: FeedState()].lastWrite = diff.counts
      if !diff.isEmpty { state.quakes.committedChanges += 1 }
    case .didWriteHistory(job: let id, diff: let diff, stored: _):
      if !diff.isEmpty {
        LiveWindow.apply(diff, to: &state.quakes)
        state.quakes.revision += 1
        state.quakes.committedChanges += 1
      }
      guard state.history[id.kind]?.id == id else { break }
      state.history[id.kind]?.wrote(diff.counts)
    case .didExpireQuakes(quakes: let expired, date: let date):
      guard !expired.isEmpty else { break }
      LiveWindow.remove(expired, from: &state.quakes)
      state.quakes.revision += 1
      state.quakes.committedChanges += 1
      state.retention.lastRemoval = date
      state.retention.lastRemoved = expired.count
      state.retention.removed += expired.count
    case .didFollowChanges(changes: let changes):
      // Changes read after another change than the state reflects (a
      // reload came between) are read again from the right one.
      guard state.quakes.storeChange == changes.after else { break }
      LiveWindow.follow(changes, in: &state.quakes)
      state.quakes.storeChange = changes.sequence
      state.quakes.revision += 1
      state.quakes.committedChanges += 1
    case .didFailMutation(mutation: let mutation, date: let date, error: let error):
      state.quakes.status = .failure(error: error)
      state.quakes.lastMutationError = error
      switch mutation {
      case .remoteQuakes(feed: let feed):
        state.feeds[feed] = Self.reduce(feedState: state.feeds[feed] ?? FeedState(), writeFailedAt: date, error: error)
      case .historyQuakes(job: let id):
        guard state.history[id.kind]?.id == id else { break }
        state.history[id.kind]?.writeFailed(error, at: date)
      case .deleteQuake, .deleteQuakes, .expireQuakes, .historyJob:
        break
      }
    }
    return state
  }

  /// The feed whose batch could not be written: it shows the failure, and
  /// forgets the batch's validators and `generated` (the reload then puts
  /// back the committed ones), so that no poll in between gets a
  /// `304 Not Modified` or skips the same `generated`, and the batch is
  /// fetched and written again.
  private static func reduce(feedState: FeedState, writeFailedAt date: Date, error: String) -> FeedState {
    var feedState = feedState
    feedState.status = .failure(error: error)
    feedState.lastFailure = FeedFailure(date: date, message: error)
    feedState.record = FeedRecord()
    feedState.lastWrite = nil
    return feedState
  }
}
