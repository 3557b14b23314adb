public import Foundation
public import ImmutableData
public import QuakesData
public import QuakesModel

/// Polls one feed through the store and waits for the outcome.
///
/// It dispatches `.scheduler(.pollDue(feed:))` and follows the transitions
/// (``PollTracker``) until the feed's fetch result arrived and, for a batch,
/// until its diff was committed (or the write of that batch failed and the
/// cache was reloaded; another write's failure is not this feed's). If a fetch of the feed is already running
/// (a client's refresh), the tick is ignored by the reducer and the poller
/// waits for that fetch instead: the two coalesce.
public struct FeedPoller: Sendable {
  private let store: Store<QuakesState, QuakesAction>
  private let metrics: DaemonMetrics?

  /// Creates a poller for `store`; each retention removal counts in
  /// `metrics` (polls count from the store's transitions:
  /// ``DaemonMetrics/recordTransitions(_:)``).
  public init(store: Store<QuakesState, QuakesAction>, metrics: DaemonMetrics? = nil) {
    self.store = store
    self.metrics = metrics
  }

  /// Who asked for a poll: the action dispatched differs, the coalescing not.
  public enum Requester: Hashable, Sendable {
    /// The feed's timer fired.
    case scheduler
    /// A client asked for a refresh.
    case client
  }

  /// Returns once the store's actor has run a job for this caller: it is not
  /// blocked.
  @StoreActor
  public func storeAnswers() {}

  /// Applies the retention rules at `date` to the local store, when any
  /// rule has a limit; returns how many quakes they removed, once the
  /// local store did (0 when its write failed: the failure is reported as
  /// any write's).
  @StoreActor
  public func expire(at date: Date) async -> Int {
    let state = self.store.snapshot()
    guard state.isLoaded, Retention.plan(for: state, rules: state.options.retention, at: date) != nil else { return 0 }
    var transitions = self.store.makeStream().makeAsyncIterator()
    guard (try? self.store.dispatch(action: .scheduler(.retentionDue(date: date)))) != nil else { return 0 }
    while let (_, action, _) = await transitions.next() {
      switch action {
      case .data(.persistentSession(.localStore(.didExpireQuakes(quakes: let expired, date: date)))):
        self.metrics?.expired(expired.count)
        return expired.count
      case .data(.persistentSession(.localStore(.didFailMutation(mutation: .expireQuakes, date: _, error: _)))):
        return 0
      default:
        continue
      }
    }
    return 0
  }

  /// Polls `feed` once; returns how it ended.
  ///
  /// - Throws: ``PollNotRun`` when the cache is not loaded yet (the reducer
  ///   ignores fetches until it is) or the store stopped.
  @StoreActor
  public func poll(_ feed: QuakesFeed, requestedBy requester: Requester = .scheduler) async throws -> PollOutcome {
    var transitions = self.store.makeStream().makeAsyncIterator()
    switch requester {
    case .scheduler: try self.store.dispatch(action: .scheduler(.pollDue(feed: feed)))
    case .client: try self.store.dispatch(action: .client(.refresh(feed: feed)))
    }
    guard self.store.select(QuakesState.selectFeed(feed))?.status == .waiting else {
      throw PollNotRun.cacheNotLoaded
    }
    var tracker = PollTracker(feed)
    while let (oldState, action, _) = await transitions.next() {
      if let outcome = tracker.outcome(after: oldState, action) { return outcome }
    }
    throw PollNotRun.storeStopped
  }
}
