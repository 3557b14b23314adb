public import Foundation
public import ImmutableData
import QuakesModel

/// Watches the store's transitions and starts the side effects they call for,
/// through the ``PersistentSession``: after the reducer ran, never before.
///
/// - The daemon started and the cache status went `nil` → waiting: load the
///   local store (before anything else is handled).
/// - A feed went to waiting (a client refresh or a scheduler tick): fetch it.
///   Fetches run concurrently, one per feed, so a slow feed never holds up a
///   delete or another feed.
/// - A remote batch arrived: compute its diff from the transition's old and
///   new state, linear in the batch, evaluate the alert rules on that diff
///   (``AlertEvaluation``), and write exactly that diff with the firings.
/// - An FDSN window arrived: write it with its job's checkpoint, diffed
///   against what the local store holds for its ids (the database holds the
///   whole catalogue; the state need not).
/// - A delete or a purge: delete from the local store (the state already did,
///   optimistically).
/// - Retention is due: remove what the rules expire from the local store,
///   which holds the quakes old enough to expire, and report them.
/// - A write failed: reload the local store, so the state does not silently
///   diverge from the database.
///
/// Writes to the local store are awaited one transition at a time, so they
/// reach the database in dispatch order; ``progress`` says how far they got.
@StoreActor
public final class Listener<LocalStore: PersistentSessionLocalStore, RemoteStore: PersistentSessionRemoteStore> {
  private let session: PersistentSession<LocalStore, RemoteStore>
  private weak var store: AnyObject?
  private var task: Task<Void, Never>?
  private var stoppedTask: Task<Void, Never>?
  private var fetches: [QuakesFeed: Task<Void, Never>] = [:]
  private var historySteps: [HistoryJob.Kind: Task<Void, Never>] = [:]
  private let onError: @Sendable (String) -> Void
  /// How far the listener got: readers of the local store wait here for
  /// the writes of the state they saw.
  public nonisolated let progress = ListenerProgress()

  /// Creates a listener over a local and a remote store.
  ///
  /// - Parameters:
  ///   - now: the clock that dates remote fetches and failed writes.
  ///   - onError: told when a side effect could not report its result to the
  ///     store (the store refused the action, or went away): the daemon logs
  ///     it, so nothing the listener started fails without a trace.
  public init(
    localStore: LocalStore,
    remoteStore: RemoteStore,
    now: @escaping @Sendable () -> Date = { Date() },
    onError: @escaping @Sendable (String) -> Void
  ) {
    self.session = PersistentSession(localStore: localStore, remoteStore: remoteStore, now: now)
    self.onError = onError
  }

  isolated deinit {
    self.stop()
  }

  /// Starts handling every transition of `store` from now on (and stops
  /// handling the previous store's, if any).
  public func listen(
    to store: some ImmutableData.Dispatcher<QuakesState, QuakesAction> & ImmutableData.Selector<QuakesState>
      & ImmutableData.Streamer<QuakesState, QuakesAction> & ImmutableData.TransitionCounting & AnyObject
  ) {
    guard self.store !== store else { return }
    self.stop()
    self.store = store
    let stream = store.makeStream()
    let first = store.transitionCount
    self.progress.start(after: first)
    self.task = Task { [weak self] in
      var number = first
      do {
        for try await (oldState, action, newState) in stream {
          guard let self else { return }
          number += 1
          await self.onReceive(from: store, oldState: oldState, action: action, newState: newState)
          if !Task.isCancelled { self.progress.handled(through: number) }
        }
      } catch {
        // The stream ended with an error: nothing more will arrive.
      }
    }
  }

  /// Stops handling transitions and cancels the fetches in flight. A write
  /// already started is not cancelled: it finishes, and its transaction
  /// commits (``shutdown()`` waits for it).
  public func stop() {
    self.task?.cancel()
    self.progress.end()
    self.stoppedTask = self.task
    self.task = nil
    for fetch in self.fetches.values {
      fetch.cancel()
    }
    self.fetches = [:]
    for step in self.historySteps.values {
      step.cancel()
    }
    self.historySteps = [:]
    self.store = nil
  }

  /// Stops, and returns once the write in flight, if any, has finished: then
  /// the local store can be closed.
  public func shutdown() async {
    self.stop()
    await self.stoppedTask?.value
  }

  /// Waits until every fetch started so far has dispatched its result.
  public func waitForFetches() async {
    for fetch in self.fetches.values {
      await fetch.value
    }
  }
}

extension Listener {
  private func onReceive(
    from store: some ImmutableData.Dispatcher<QuakesState, QuakesAction> & ImmutableData.Selector<QuakesState>,
    oldState: QuakesState,
    action: QuakesAction,
    newState: QuakesState
  ) async {
    switch action {
    case .daemon(.didStart):
      if oldState.quakes.status == nil, newState.quakes.status == .waiting {
        await self.shielded("loading the cache") {
          try await store.dispatch(thunk: self.session.fetchLocalQuakesQuery(liveWindow: newState.options.liveWindow))
        }
      }
    case .client(.refresh(feed: let feed)), .scheduler(.pollDue(feed: let feed)):
      if oldState.feeds[feed]?.status != .waiting, let feedState = newState.feeds[feed], feedState.status == .waiting {
        self.startFetch(from: store, feed: feed, validators: feedState.record.validators)
      }
    case .client(.delete(quake: let quake)):
      await self.shielded("deleting \(quake.id)") {
        try await store.dispatch(thunk: self.session.deleteLocalQuakeMutation(quakeId: quake.id))
      }
    case .scheduler(.retentionDue(date: let date)):
      // Answered in every case, so that whoever asked can wait for it.
      guard newState.isLoaded, let plan = Retention.plan(for: newState, rules: newState.options.retention, at: date)
      else {
        await self.shielded("reporting that nothing expired") {
          try store.dispatch(action: .data(.persistentSession(.localStore(.didExpireQuakes(quakes: [], date: date)))))
        }
        break
      }
      await self.shielded("removing expired quakes") {
        try await store.dispatch(thunk: self.session.expireLocalQuakesMutation(plan: plan))
      }
    case .client(.purge):
      await self.shielded("purging the cache") {
        try await store.dispatch(thunk: self.session.deleteLocalQuakesMutation())
      }
    case .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: let feed, date: let date, result: let result)))):
      self.fetches[feed] = nil
      guard case .success(let batch, let stored) = result else { return }
      let old = oldState.including(stored).quakes
      let diff = QuakesDiff(oldData: old.data, newState: newState, batch: batch, feed: feed)
      let record = newState.feeds[feed]?.record ?? FeedRecord()
      let oldData = old.data
      let firings = AlertEvaluation.firings(
        for: diff, previous: { oldData[$0] }, rules: newState.options.alerts, at: date)
      await self.shielded("writing the \(feed) batch") {
        try await store.dispatch(
          thunk: self.session.didFetchRemoteQuakesMutation(feed: feed, record: record, diff: diff, firings: firings))
      }
    case .daemon(.catchUp):
      await self.shielded("reading the shared store") {
        try await store.dispatch(thunk: self.session.reloadLocalQuakesQuery(liveWindow: newState.options.liveWindow))
      }
    case .data(.persistentSession(.localStore(.didFailMutation(mutation: let mutation, date: _, error: _)))):
      await self.shielded("reloading the cache") {
        try await store.dispatch(thunk: self.session.reloadLocalQuakesQuery(liveWindow: newState.options.liveWindow))
      }
      if case .historyQuakes = mutation {
        // The job went back to its committed progress and stopped: its
        // checkpoint says so. (A failure of this save reloads once more,
        // and saves nothing: the job no longer changes.)
        await self.saveHistoryJobs(from: store, oldState: oldState, newState: newState)
      }
    case .data(
      .persistentSession(.remoteStore(.didFetchHistory(job: let job, window: _, date: _, result: let result)))):
      await self.didFetchHistory(kind: job.kind, result: result, from: store, oldState: oldState, newState: newState)
    case .client(.backfill), .client(.cancelBackfill), .scheduler(.reconcileDue),
      .data(.persistentSession(.remoteStore(.didCountHistory))):
      await self.saveHistoryJobs(from: store, oldState: oldState, newState: newState)
    case .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(cache: let cache))))):
      // A job read back running whose span was all written is done: the
      // database says so too.
      for (kind, read) in cache.history where newState.history[kind]?.phase != read.phase {
        guard let current = store.state.history[kind] else { continue }
        await self.shielded("saving the \(kind) checkpoint") {
          try await store.dispatch(thunk: self.session.saveHistoryJobMutation(job: current.checkpoint))
        }
      }
    case .daemon(.didReload), .daemon(.didChangeRole),
      .data(.persistentSession(.localStore(.didFetchQuakes))),
      .data(.persistentSession(.localStore(.didReloadQuakes))),
      .data(.persistentSession(.localStore(.didWriteRemoteQuakes))),
      .data(.persistentSession(.localStore(.didWriteHistory))),
      .data(.persistentSession(.localStore(.didExpireQuakes))),
      .data(.persistentSession(.localStore(.didFollowChanges))):
      break
    }
    self.advanceHistory(from: store, oldState: oldState, newState: newState)
  }

  /// Writes a fetched FDSN window with the job's checkpoint (diffed against
  /// the local store, by the session), or saves the checkpoint of a job the
  /// answer stopped or split.
  private func didFetchHistory(
    kind: HistoryJob.Kind,
    result: QuakesAction.Data.PersistentSession.RemoteStore.FetchHistoryResult,
    from store: some ImmutableData.Dispatcher<QuakesState, QuakesAction> & ImmutableData.Selector<QuakesState>,
    oldState: QuakesState,
    newState: QuakesState
  ) async {
    guard case .success(let batch) = result, let job = newState.history[kind],
      job.windowsDone != oldState.history[kind]?.windowsDone
    else {
      await self.saveHistoryJobs(from: store, oldState: oldState, newState: newState)
      return
    }
    await self.shielded("writing a \(kind) window") {
      try await store.dispatch(thunk: self.session.didFetchHistoryMutation(job: job, batch: batch))
    }
  }

  /// Saves the checkpoint of every job the transition changed in a way a
  /// restart must know of (started, resumed, cancelled, failed, done): its
  /// phase with its committed progress, never a window still being written.
  ///
  /// The checkpoint is taken from the store's state now, not from the
  /// transition's: a window written while this transition waited for the
  /// listener (a cancel arriving during a window's write) is committed, and
  /// a checkpoint from before it would take the saved cursor back.
  private func saveHistoryJobs(
    from store: some ImmutableData.Dispatcher<QuakesState, QuakesAction> & ImmutableData.Selector<QuakesState>,
    oldState: QuakesState,
    newState: QuakesState
  ) async {
    for (kind, job) in newState.history {
      let old = oldState.history[kind]
      guard old?.phase != job.phase || old?.started != job.started || old?.cursor != job.cursor else { continue }
      let current = store.state.history[kind] ?? job
      await self.shielded("saving the \(kind) checkpoint") {
        try await store.dispatch(thunk: self.session.saveHistoryJobMutation(job: current.checkpoint))
      }
    }
  }

  /// Starts the count or fetch each running job waits for, when the
  /// transition changed it (or the job), and cancels the one it no longer
  /// waits for. A step the store's state has moved past since (a write
  /// failed while this transition waited) is not started: the transition
  /// that moved it starts what comes instead.
  private func advanceHistory(
    from store: some ImmutableData.Dispatcher<QuakesState, QuakesAction> & ImmutableData.Selector<QuakesState>,
    oldState: QuakesState,
    newState: QuakesState
  ) {
    for kind in HistoryJob.Kind.allCases {
      let step = newState.history[kind]?.step
      let changed =
        step != oldState.history[kind]?.step || newState.history[kind]?.id != oldState.history[kind]?.id
        || newState.writes != oldState.writes
      guard changed else { continue }
      self.historySteps[kind]?.cancel()
      self.historySteps[kind] = nil
      // A follower of a shared store leaves the jobs to the leader.
      guard newState.writes, let step, let job = newState.history[kind] else { continue }
      let current = store.state.history[kind]
      guard current?.id == job.id, current?.step == step else { continue }
      let id = job.id
      let query = job.query
      let session = self.session
      let onError = self.onError
      self.historySteps[kind] = Task {
        do {
          switch step {
          case .count(let window):
            try await store.dispatch(thunk: session.countRemoteHistoryQuery(job: id, query: query, window: window))
          case .fetch(let window):
            try await store.dispatch(thunk: session.fetchRemoteHistoryQuery(job: id, query: query, window: window))
          }
        } catch {
          onError("the \(kind) step could not report its result: \(errorMessage(error))")
        }
      }
    }
  }

  /// Runs a local-store operation to its end even if the listener is being
  /// stopped: a write that was started commits rather than being cut short.
  /// An error (the store refused the result, or went away) goes to
  /// `onError`, named by `work` (a short phrase, never a whole batch).
  private func shielded(
    _ work: String,
    _ operation: @escaping @StoreActor @Sendable () async throws -> Void
  ) async {
    let onError = self.onError
    await Task { @StoreActor in
      do {
        try await operation()
      } catch {
        onError("\(work) could not report its result: \(errorMessage(error))")
      }
    }.value
  }

  private func startFetch(
    from store: some ImmutableData.Dispatcher<QuakesState, QuakesAction> & ImmutableData.Selector<QuakesState>,
    feed: QuakesFeed,
    validators: FeedValidators
  ) {
    let session = self.session
    let onError = self.onError
    self.fetches[feed] = Task {
      do {
        try await store.dispatch(thunk: session.fetchRemoteQuakesQuery(feed: feed, validators: validators))
      } catch {
        onError("the fetch of \(feed) could not report its result: \(errorMessage(error))")
      }
    }
  }
}
