import QuakesData
import QuakesModel

/// Follows one fetch of one feed through the store's transitions to how it
/// ended (``PollOutcome``): its fetch result and, for a batch, the commit of
/// its diff or the failure of that write and the reload after it (another
/// write's failure is not this feed's).
///
/// The poller that waits for its own poll and the log of the polls clients
/// asked for read the transitions the same way through it.
struct PollTracker {
  /// The feed followed.
  let feed: QuakesFeed
  private var fetched = false
  private var alreadyApplied = false
  private var writeError: String?

  init(_ feed: QuakesFeed) {
    self.feed = feed
  }

  /// The outcome, once the transition from `oldState` by `action` ends the
  /// fetch; `nil` while it goes on.
  mutating func outcome(after oldState: QuakesState, _ action: QuakesAction) -> PollOutcome? {
    switch action {
    case .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: self.feed, date: _, result: let result)))):
      switch result {
      case .success(let batch, _):
        self.fetched = true
        self.alreadyApplied = oldState.selectFeed(self.feed)?.record.hasApplied(batch) ?? false
        return nil
      case .notModified: return .notModified
      case .failure(let error): return .fetchFailed(error)
      }
    case .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: self.feed, diff: let diff))))
    where self.fetched:
      // A batch with the `generated` already applied is the same data
      // served again: as good as a 304 (only its validators were written).
      return self.alreadyApplied ? .notModified : .written(diff.counts)
    case .data(
      .persistentSession(
        .localStore(.didFailMutation(mutation: .remoteQuakes(feed: self.feed), date: _, error: let error))))
    where self.fetched:
      self.writeError = error
      return nil
    case .data(.persistentSession(.localStore(.didReloadQuakes))):
      // The reload that follows a failed write puts back the committed
      // record: once it is in the state, status tells the truth.
      return self.writeError.map { .writeFailed($0) }
    default:
      return nil
    }
  }
}
