package import Foundation
import QuakesData
import QuakesModel
package import QuakesProtocol

/// Builds `quakes.status` from a snapshot of the state, the scheduler's
/// timetable and the database file: a pure read, off the store's actor.
package struct StatusReporter: Sendable {
  /// The database file; `nil` when the cache is in memory only.
  let databasePath: String?
  /// When each scheduled feed is polled next.
  package let timetable: any PollTimes
  /// When the daemon started.
  package let startedAt: Date
  /// The page cache the query connections may hold together; `nil` when unknown.
  package var databasePageCacheBytes: Int? = nil
  /// The FDSN requests' hold in force, if any (the daemon's pacer of FDSN requests says).
  var historyWaiting: @Sendable (Date) -> HistoryReport.Waiting? = { _ in nil }
  /// This quakesd's part in a shared store; `nil` for none.
  package var sharedStore: @Sendable () -> StatusResult.Store? = { nil }

  package init(
    databasePath: String?, timetable: any PollTimes, startedAt: Date, databasePageCacheBytes: Int? = nil,
    historyWaiting: @escaping @Sendable (Date) -> HistoryReport.Waiting? = { _ in nil },
    sharedStore: @escaping @Sendable () -> StatusResult.Store? = { nil }
  ) {
    self.databasePath = databasePath
    self.timetable = timetable
    self.startedAt = startedAt
    self.databasePageCacheBytes = databasePageCacheBytes
    self.historyWaiting = historyWaiting
    self.sharedStore = sharedStore
  }

  /// The history jobs of `state` at `now`, with the FDSN requests' hold.
  func history(of state: QuakesState, now: Date, started: Bool? = nil) -> BackfillResult? {
    HistoryReport.result(of: state, now: now, waiting: self.historyWaiting(now), started: started)
  }

  /// The status of `state`.
  func status(of state: QuakesState) -> StatusResult {
    var feeds = Set(self.timetable.feeds)
    feeds.formUnion(state.selectFeedStates().keys)
    return StatusResult(
      daemon: StatusResult.Daemon(
        version: QuakesdProduct.version,
        pid: Int(ProcessInfo.processInfo.processIdentifier),
        startedAt: Timestamp.iso8601(self.startedAt)),
      cache: self.cache(of: state),
      database: StatusResult.Database(
        path: self.databasePath, sizeBytes: self.databaseSize(), walBytes: self.databaseSize(of: ["-wal"]),
        pageCacheBytes: self.databasePageCacheBytes),
      feeds: feeds.sorted().map { self.feed($0, in: state) },
      history: self.history(of: state, now: Date()), store: self.sharedStore())
  }

  private func cache(of state: QuakesState) -> StatusResult.Cache {
    var cache = StatusResult.Cache(
      count: state.selectQuakesCount(), inMemory: state.selectLiveQuakesCount(), state: .loaded,
      lastWriteError: state.selectLastMutationError(),
      retention: self.retention(of: state))
    switch state.selectQuakesStatus() {
    case nil, .waiting: cache.state = .loading
    case .success: cache.state = .loaded
    case .failure(let error): (cache.state, cache.error) = (.failed, error)
    }
    return cache
  }

  private func retention(of state: QuakesState) -> StatusResult.Retention? {
    guard !state.options.retention.isEmpty || state.retention.removed > 0 else { return nil }
    return StatusResult.Retention(
      rules: state.options.retention.count, removed: state.retention.removed,
      lastRemoval: state.retention.lastRemoval.map(Timestamp.iso8601),
      lastRemoved: state.retention.lastRemoval == nil ? nil : state.retention.lastRemoved)
  }

  private func feed(_ feed: QuakesFeed, in state: QuakesState) -> StatusResult.Feed {
    let feedState = state.selectFeed(feed) ?? FeedState()
    let outcome: FeedFetchState =
      switch feedState.status {
      case nil: .idle
      case .waiting: .fetching
      case .success: .ok
      case .failure: .failed
      }
    return StatusResult.Feed(
      feed: feed.name,
      state: outcome,
      intervalSeconds: self.timetable.interval(of: feed).map { Int($0.components.seconds) },
      lastAttempt: feedState.lastAttempt.map(Timestamp.iso8601),
      lastSuccess: feedState.record.lastSuccess.map(Timestamp.iso8601),
      generated: feedState.record.generated.map(Timestamp.iso8601),
      nextPoll: self.timetable.nextPoll(of: feed).map(Timestamp.iso8601),
      lastError: feedState.lastFailure.map {
        StatusResult.Failure(date: Timestamp.iso8601($0.date), message: $0.message)
      },
      lastWrite: feedState.lastWrite.map {
        StatusResult.Counts(inserted: $0.inserted, updated: $0.updated, deleted: $0.deleted)
      },
      skippedFeatures: feedState.skippedFeatures)
  }

  /// The bytes the database, its write-ahead log and shared memory take
  /// (the files whose names end in `suffixes`).
  package func databaseSize(of suffixes: [String] = ["", "-wal", "-shm"]) -> Int? {
    guard let path = self.databasePath else { return nil }
    let sizes = suffixes.compactMap { suffix in
      (try? FileManager.default.attributesOfItem(atPath: path + suffix))?[.size] as? Int
    }
    return sizes.isEmpty ? nil : sizes.reduce(0, +)
  }
}
