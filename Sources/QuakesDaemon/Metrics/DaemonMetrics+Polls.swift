import CoreMetrics
import QuakesData
import QuakesModel

extension DaemonMetrics {
  /// Counts every fetch of a feed once, whoever asked for it (the scheduler,
  /// a refresh with or without `--wait`, several at once that the reducer
  /// coalesced), from the store's transitions: its outcome, its duration
  /// from the feed going to waiting to its result (its diff committed, for
  /// a batch), and the rows the committed diff wrote; and what the history
  /// jobs did (``recordHistory(oldState:action:newState:)``). Runs until
  /// the calling task is cancelled or the store stops.
  ///
  /// - Parameter transitions: the store's stream, made before the first poll
  ///   can start, so that none is missed.
  func recordTransitions(
    _ transitions: AsyncStream<(oldState: QuakesState, action: QuakesAction, newState: QuakesState)>
  ) async {
    var started: [QuakesFeed: ContinuousClock.Instant] = [:]
    for await (oldState, action, newState) in transitions {
      switch action {
      case .scheduler(.pollDue(feed: let feed)), .client(.refresh(feed: let feed)):
        if oldState.feeds[feed]?.status != .waiting, newState.feeds[feed]?.status == .waiting {
          started[feed] = .now
        }
      case .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: let feed, date: _, result: let result)))):
        switch result {
        case .success: break  // counted once its diff is committed, or its write failed
        case .notModified: self.polled(feed, "not_modified", since: started.removeValue(forKey: feed))
        case .failure: self.polled(feed, "fetch_failed", since: started.removeValue(forKey: feed))
        }
      case .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: let feed, diff: let diff)))):
        self.polled(feed, "written", since: started.removeValue(forKey: feed))
        self.wroteRows(diff.counts)
      case .data(
        .persistentSession(.localStore(.didFailMutation(mutation: .remoteQuakes(feed: let feed), date: _, error: _)))):
        self.polled(feed, "write_failed", since: started.removeValue(forKey: feed))
      default:
        break
      }
      self.recordHistory(oldState: oldState, action: action, newState: newState)
    }
  }

  /// Counts the quakes a committed diff inserted, updated and deleted.
  func wroteRows(_ counts: QuakesDiff.Counts) {
    for (change, count) in [("inserted", counts.inserted), ("updated", counts.updated), ("deleted", counts.deleted)] {
      Counter(label: Name.rowsWritten, dimensions: [("change", change)], factory: self.factory)
        .increment(by: Int64(count))
    }
  }

  private func polled(_ feed: QuakesFeed, _ outcome: String, since start: ContinuousClock.Instant?) {
    Counter(label: Name.polls, dimensions: [("feed", feed.name), ("outcome", outcome)], factory: self.factory)
      .increment()
    guard let start else { return }
    CoreMetrics.Timer(label: Name.pollDuration, dimensions: [("feed", feed.name)], factory: self.factory)
      .recordNanoseconds((ContinuousClock.now - start).nanoseconds)
  }
}
