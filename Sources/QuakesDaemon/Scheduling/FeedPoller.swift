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

  /// Applies the retention rules at `date`, when they expire any quake;
  /// returns how many quakes they removed.
  @StoreActor
  public func expire(at date: Date) -> Int {
    let state = self.store.snapshot()
    guard !state.options.retention.isEmpty,
      !Retention.expired(in: state, rules: state.options.retention, at: date).isEmpty
    else { return 0 }
    let before = state.quakes.data.count
    try? self.store.dispatch(action: .scheduler(.retentionDue(date: date)))
    let removed = before - self.store.snapshot().quakes.data.count
    self.metrics?.expired(removed)
    return removed
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
