import Foundation
import QuakesData
import QuakesModel

/// An in-memory local store that records every call and can be told to fail.
actor LocalStoreDouble: PersistentSessionLocalStore {
  enum Call: Hashable, Sendable {
    case fetch
    case fetchIds([Quake.ID])
    case fetchTimes(Range<Date>)
    case write(feed: QuakesFeed, record: FeedRecord, diff: QuakesDiff)
    case delete(Quake.ID)
    case deleteAll
    case expire([Quake.ID])
    case history(HistoryJob, diff: QuakesDiff?)
  }

  private(set) var calls: [Call] = []
  private(set) var quakes: [Quake.ID: Quake]
  private(set) var records: [QuakesFeed: FeedRecord]
  /// The last checkpoint written of each job kind.
  private(set) var jobs: [HistoryJob.Kind: HistoryJob] = [:]
  /// The alert firings written with the diffs, in order.
  private(set) var firings: [AlertFiring] = []
  private var failFetch: String?
  private var failWrites: String?
  private var failWindowWrites: String?
  private var holdsWindowWrites = false
  private var heldWindowWrite: CheckedContinuation<Void, Never>?
  private var heldWriteFailure: String?

  init(
    quakes: [Quake] = [], records: [QuakesFeed: FeedRecord] = [:], failFetch: String? = nil, failWrites: String? = nil
  ) {
    self.quakes = Dictionary(uniqueKeysWithValues: quakes.map { ($0.id, $0) })
    self.records = records
    self.failFetch = failFetch
    self.failWrites = failWrites
  }

  func setFailWrites(_ message: String?) { self.failWrites = message }

  /// Makes the writes of FDSN windows fail with `message` (and nothing else).
  func setFailWindowWrites(_ message: String?) { self.failWindowWrites = message }

  /// Makes each write of an FDSN window wait, before it is applied (or
  /// fails), until ``releaseWindowWrite()``.
  func holdWindowWrites() { self.holdsWindowWrites = true }

  /// Whether a window's write is waiting.
  var isHoldingWindowWrite: Bool { self.heldWindowWrite != nil }

  /// Lets the waiting window write go on (or fail with `failure`), and
  /// holds no more.
  func releaseWindowWrite(failingWith failure: String? = nil) {
    self.holdsWindowWrites = false
    self.heldWriteFailure = failure
    self.heldWindowWrite?.resume()
    self.heldWindowWrite = nil
  }

  /// Puts `job` on file as a previous run left it.
  func seed(job: HistoryJob) { self.jobs[job.kind] = job }

  func fetchLocalQuakesQuery(liveSince: Date?) async throws -> PersistedCache {
    self.calls.append(.fetch)
    if let failFetch { throw StoreFailure(failFetch) }
    let live = self.quakes.values.filter { quake in liveSince.map { quake.time >= $0 } ?? true }
    return PersistedCache(
      quakes: live, feeds: self.records, history: self.jobs, liveSince: liveSince,
      historyCount: self.quakes.count - live.count)
  }

  func fetchLocalQuakesQuery(times: Range<Date>) async throws -> [Quake] {
    self.calls.append(.fetchTimes(times))
    if let failFetch { throw StoreFailure(failFetch) }
    return self.quakes.values.filter { times.contains($0.time) }
  }

  func fetchLocalQuakesQuery(ids: [Quake.ID]) async throws -> [Quake] {
    self.calls.append(.fetchIds(ids))
    if let failFetch { throw StoreFailure(failFetch) }
    return Set(ids).compactMap { self.quakes[$0] }
  }

  /// Puts `quake` in the store behind the state's back, as a quake the
  /// state does not hold (history outside the live window) would be.
  func store(_ quake: Quake) { self.quakes[quake.id] = quake }

  func didFetchRemoteQuakesMutation(
    feed: QuakesFeed, record: FeedRecord, diff: QuakesDiff, firings: [AlertFiring]
  ) async throws {
    self.calls.append(.write(feed: feed, record: record, diff: diff))
    if let failWrites { throw StoreFailure(failWrites) }
    self.firings += firings
    for quake in diff.inserted + diff.updated { self.quakes[quake.id] = quake }
    for quake in diff.deleted { self.quakes[quake.id] = nil }
    self.records[feed] = record
  }

  func didFetchHistoryMutation(job: HistoryJob, diff: QuakesDiff) async throws {
    self.calls.append(.history(job, diff: diff))
    if self.holdsWindowWrites {
      await withCheckedContinuation { self.heldWindowWrite = $0 }
      if let failure = self.heldWriteFailure {
        self.heldWriteFailure = nil
        throw StoreFailure(failure)
      }
    }
    if let failure = self.failWrites ?? self.failWindowWrites { throw StoreFailure(failure) }
    for quake in diff.inserted + diff.updated { self.quakes[quake.id] = quake }
    for quake in diff.deleted { self.quakes[quake.id] = nil }
    self.jobs[job.kind] = job
  }

  func saveHistoryJobMutation(job: HistoryJob) async throws {
    self.calls.append(.history(job, diff: nil))
    if let failWrites { throw StoreFailure(failWrites) }
    self.jobs[job.kind] = job
  }

  func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    self.calls.append(.delete(quakeId))
    if let failWrites { throw StoreFailure(failWrites) }
    self.quakes[quakeId] = nil
  }

  func expireLocalQuakesMutation(plan: Retention.Plan) async throws -> [Quake] {
    let expires = plan.test()
    let expired = self.quakes.values.filter(expires).sorted { ($0.time, $0.id) < ($1.time, $1.id) }
    self.calls.append(.expire(expired.map(\.id)))
    if let failWrites { throw StoreFailure(failWrites) }
    for quake in expired { self.quakes[quake.id] = nil }
    return expired
  }

  func deleteLocalQuakesMutation() async throws {
    self.calls.append(.deleteAll)
    if let failWrites { throw StoreFailure(failWrites) }
    self.quakes = [:]
  }
}
