import Foundation
import QuakesData
import QuakesModel

/// An in-memory local store, for the test that runs the real store, listener
/// and remote store: it applies each diff as the SQLite store would.
actor RemoteStoreLocalStoreDouble: PersistentSessionLocalStore {
  private(set) var quakes: [Quake.ID: Quake] = [:]
  private(set) var records: [QuakesFeed: FeedRecord] = [:]
  private(set) var jobs: [HistoryJob.Kind: HistoryJob] = [:]

  func fetchLocalQuakesQuery(liveSince: Date?) async throws -> PersistedCache {
    let live = self.quakes.values.filter { quake in liveSince.map { quake.time >= $0 } ?? true }
    return PersistedCache(
      quakes: live, feeds: self.records, history: self.jobs, liveSince: liveSince,
      historyCount: self.quakes.count - live.count)
  }

  func fetchLocalQuakesQuery(times: Range<Date>) async throws -> [Quake] {
    self.quakes.values.filter { times.contains($0.time) }
  }

  func fetchLocalQuakesQuery(ids: [Quake.ID]) async throws -> [Quake] {
    ids.compactMap { self.quakes[$0] }
  }

  func didFetchRemoteQuakesMutation(
    feed: QuakesFeed, record: FeedRecord, diff: QuakesDiff, firings: [AlertFiring]
  ) async throws {
    for quake in diff.deleted { self.quakes[quake.id] = nil }
    for quake in diff.inserted + diff.updated { self.quakes[quake.id] = quake }
    self.records[feed] = record
  }

  func didFetchHistoryMutation(job: HistoryJob, diff: QuakesDiff) async throws {
    for quake in diff.deleted { self.quakes[quake.id] = nil }
    for quake in diff.inserted + diff.updated { self.quakes[quake.id] = quake }
    self.jobs[job.kind] = job
  }

  func saveHistoryJobMutation(job: HistoryJob) async throws {
    self.jobs[job.kind] = job
  }

  func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    self.quakes[quakeId] = nil
  }

  func expireLocalQuakesMutation(plan: Retention.Plan) async throws -> [Quake] {
    let expired = self.quakes.values.filter(plan.test())
    for quake in expired { self.quakes[quake.id] = nil }
    return expired
  }

  func deleteLocalQuakesMutation() async throws {
    self.quakes = [:]
  }
}
