import Foundation
import ImmutableData
import QuakesModel

/// The side effects of the listener, as thunks: each runs a local or remote
/// store operation and dispatches what came of it.
///
/// As in the seed, queries report their result (success or failure) as an
/// action. Here mutations report too: a committed remote diff as
/// `didWriteRemoteQuakes`, and any failed write as `didFailMutation`, because
/// the state then no longer matches the local store and must be reloaded.
final actor PersistentSession<LocalStore: PersistentSessionLocalStore, RemoteStore: PersistentSessionRemoteStore> {
  private let localStore: LocalStore
  private let remoteStore: RemoteStore
  private let now: @Sendable () -> Date

  init(localStore: LocalStore, remoteStore: RemoteStore, now: @escaping @Sendable () -> Date) {
    self.localStore = localStore
    self.remoteStore = remoteStore
    self.now = now
  }
}

extension PersistentSession {
  typealias Thunk<Dispatcher, Selector> = @Sendable (Dispatcher, Selector) async throws -> Void

  /// Loads the local store on first launch, the last `liveWindow` seconds
  /// of it (all of it for `nil`); its quakes merge into the state.
  nonisolated func fetchLocalQuakesQuery<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>(
    liveWindow: Double?
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      let result = await self.readLocalStore(liveWindow: liveWindow)
      try await dispatcher.dispatch(action: .data(.persistentSession(.localStore(.didFetchQuakes(result: result)))))
    }
  }

  /// Reloads the local store after a failed write, as the first launch
  /// loads it; its quakes replace the state's.
  nonisolated func reloadLocalQuakesQuery<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>(
    liveWindow: Double?
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      let result = await self.readLocalStore(liveWindow: liveWindow)
      try await dispatcher.dispatch(action: .data(.persistentSession(.localStore(.didReloadQuakes(result: result)))))
    }
  }

  /// Fetches `feed` from the remote store, sending `validators`; a batch
  /// comes with what the local store holds outside the state that it may
  /// change (``RemoteSync/storedLookup(for:of:in:)``).
  nonisolated func fetchRemoteQuakesQuery<
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector: ImmutableData.Selector<QuakesState>
  >(
    feed: QuakesFeed,
    validators: FeedValidators
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, selector in
      var result = await self.readRemoteStore(feed: feed, validators: validators)
      if case .success(let batch, _) = result {
        let lookup = await selector.select { RemoteSync.storedLookup(for: batch, of: feed, in: $0) }
        result = await self.readStored(lookup, for: batch, of: feed)
      }
      let date = self.now()
      try await dispatcher.dispatch(
        action: .data(.persistentSession(.remoteStore(.didFetchQuakes(feed: feed, date: date, result: result)))))
    }
  }

  /// Writes the diff of a remote batch of `feed`, its new record and the
  /// alert firings the diff caused.
  nonisolated func didFetchRemoteQuakesMutation<
    Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector
  >(
    feed: QuakesFeed,
    record: FeedRecord,
    diff: QuakesDiff,
    firings: [AlertFiring]
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      if let error = await self.write({
        try await $0.didFetchRemoteQuakesMutation(feed: feed, record: record, diff: diff, firings: firings)
      }) {
        try await dispatcher.dispatch(action: self.failure(of: .remoteQuakes(feed: feed), error: error))
      } else {
        try await dispatcher.dispatch(
          action: .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: feed, diff: diff)))))
      }
    }
  }

  /// Counts `window` of `job`'s query at the remote store.
  nonisolated func countRemoteHistoryQuery<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>(
    job: HistoryJob.ID,
    query: HistoryQuery,
    window: HistoryWindow
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      let result: QuakesAction.Data.PersistentSession.RemoteStore.CountHistoryResult
      do {
        let answer = try await self.remoteStore.countRemoteQuakesQuery(history: query, window: window)
        result = .success(count: answer.count, maximum: answer.maximum)
      } catch is CancellationError {
        return
      } catch {
        result = .failure(error: errorMessage(error))
      }
      try await dispatcher.dispatch(
        action: .data(
          .persistentSession(
            .remoteStore(.didCountHistory(job: job, window: window, date: self.now(), result: result)))))
    }
  }

  /// Fetches `window` of `job`'s query from the remote store.
  nonisolated func fetchRemoteHistoryQuery<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>(
    job: HistoryJob.ID,
    query: HistoryQuery,
    window: HistoryWindow
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      let result: QuakesAction.Data.PersistentSession.RemoteStore.FetchHistoryResult
      do {
        result = .success(batch: try await self.remoteStore.fetchRemoteQuakesQuery(history: query, window: window))
      } catch is CancellationError {
        return
      } catch let refusal as HistoryWindowTooLarge {
        result = .tooManyEvents(maximum: refusal.maximum)
      } catch {
        result = .failure(error: errorMessage(error))
      }
      try await dispatcher.dispatch(
        action: .data(
          .persistentSession(
            .remoteStore(.didFetchHistory(job: job, window: window, date: self.now(), result: result)))))
    }
  }

  /// Writes the FDSN window `batch` of `job` with the job's checkpoint: the
  /// diff against the quakes the local store holds for the window's ids
  /// (``HistorySync/diff(_:of:against:)``), counted into the checkpoint.
  nonisolated func didFetchHistoryMutation<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>(
    job: HistoryJob,
    batch: FeedBatch
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      do {
        let (diff, stored) = try await self.writeWindow(batch, of: job)
        try await dispatcher.dispatch(
          action: .data(.persistentSession(.localStore(.didWriteHistory(job: job.id, diff: diff, stored: stored)))))
      } catch {
        try await dispatcher.dispatch(action: self.failure(of: .historyQuakes(job: job.id), error: errorMessage(error)))
      }
    }
  }

  /// Writes the checkpoint of `job` alone.
  nonisolated func saveHistoryJobMutation<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>(
    job: HistoryJob
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      if let error = await self.write({ try await $0.saveHistoryJobMutation(job: job) }) {
        try await dispatcher.dispatch(action: self.failure(of: .historyJob(kind: job.kind), error: error))
      }
    }
  }

  /// Deletes one quake from the local store.
  nonisolated func deleteLocalQuakeMutation<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>(
    quakeId: Quake.ID
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      if let error = await self.write({ try await $0.deleteLocalQuakeMutation(quakeId: quakeId) }) {
        try await dispatcher.dispatch(action: self.failure(of: .deleteQuake(quakeId: quakeId), error: error))
      }
    }
  }

  /// Removes the quakes `plan` expires from the local store, in one
  /// transaction, and reports them (none, when nothing expired).
  nonisolated func expireLocalQuakesMutation<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>(
    plan: Retention.Plan
  ) -> Thunk<Dispatcher, Selector> {
    { dispatcher, _ in
      do {
        let expired = try await self.localStore.expireLocalQuakesMutation(plan: plan)
        try await dispatcher.dispatch(
          action: .data(.persistentSession(.localStore(.didExpireQuakes(quakes: expired, date: plan.now)))))
      } catch {
        try await dispatcher.dispatch(action: self.failure(of: .expireQuakes, error: errorMessage(error)))
      }
    }
  }

  /// Deletes every quake from the local store.
  nonisolated func deleteLocalQuakesMutation<Dispatcher: ImmutableData.Dispatcher<QuakesState, QuakesAction>, Selector>()
    -> Thunk<Dispatcher, Selector>
  {
    { dispatcher, _ in
      if let error = await self.write({ try await $0.deleteLocalQuakesMutation() }) {
        try await dispatcher.dispatch(action: self.failure(of: .deleteQuakes, error: error))
      }
    }
  }
}

extension PersistentSession {
  private func readLocalStore(liveWindow: Double?) async
    -> QuakesAction.Data.PersistentSession.LocalStore.FetchQuakesResult
  {
    do {
      let liveSince = liveWindow.map { self.now().addingTimeInterval(-$0) }
      return .success(cache: try await self.localStore.fetchLocalQuakesQuery(liveSince: liveSince))
    } catch {
      return .failure(error: errorMessage(error))
    }
  }

  /// `batch` with the quakes `lookup` names, read from the local store; a
  /// failure to read them fails the fetch (the batch comes again next poll).
  private func readStored(
    _ lookup: RemoteSync.StoredLookup, for batch: FeedBatch, of feed: QuakesFeed
  ) async -> QuakesAction.Data.PersistentSession.RemoteStore.FetchQuakesResult {
    guard !lookup.isEmpty else { return .success(batch: batch) }
    do {
      var stored = lookup.ids.isEmpty ? [] : try await self.localStore.fetchLocalQuakesQuery(ids: lookup.ids)
      if let times = lookup.times {
        let read = Set(stored.map(\.id))
        stored += try await self.localStore.fetchLocalQuakesQuery(times: times).filter { !read.contains($0.id) }
      }
      return .success(batch: batch, stored: stored)
    } catch {
      return .failure(error: "\(feed): the cache could not be read to apply the batch: \(errorMessage(error))")
    }
  }

  private func readRemoteStore(
    feed: QuakesFeed,
    validators: FeedValidators
  ) async -> QuakesAction.Data.PersistentSession.RemoteStore.FetchQuakesResult {
    do {
      switch try await self.remoteStore.fetchRemoteQuakesQuery(feed: feed, validators: validators) {
      case .modified(let batch): return .success(batch: batch)
      case .notModified: return .notModified
      }
    } catch {
      return .failure(error: errorMessage(error))
    }
  }

  /// Reads what the local store holds for `batch`'s ids, then writes the
  /// diff `batch` makes to it with `job`'s checkpoint; returns the diff.
  /// The listener awaits this before it handles the next transition, so no
  /// other write comes between the read and the write.
  private func writeWindow(_ batch: FeedBatch, of job: HistoryJob) async throws -> (QuakesDiff, stored: [Quake]) {
    let stored = try await self.localStore.fetchLocalQuakesQuery(ids: HistorySync.candidateIds(of: batch))
    let diff = HistorySync.diff(batch, of: job.kind, against: stored)
    var job = job
    job.wrote(diff.counts)
    try await self.localStore.didFetchHistoryMutation(job: job, diff: diff)
    return (diff, stored)
  }

  /// The action that reports `mutation`'s failure, dated now.
  private nonisolated func failure(
    of mutation: QuakesAction.Data.PersistentSession.LocalStore.Mutation,
    error: String
  ) -> QuakesAction {
    .data(.persistentSession(.localStore(.didFailMutation(mutation: mutation, date: self.now(), error: error))))
  }

  /// Runs a write; returns the message of its error, or `nil` if it worked.
  private func write(_ mutation: (LocalStore) async throws -> Void) async -> String? {
    do {
      try await mutation(self.localStore)
      return nil
    } catch {
      return errorMessage(error)
    }
  }
}

/// The message of an error as a person should read it: its localized
/// description when it has one, otherwise its own description.
package func errorMessage(_ error: any Error) -> String {
  if let localized = error as? any LocalizedError, let description = localized.errorDescription {
    return description
  }
  return String(describing: error)
}
