import QuakesData
import QuakesModel

/// An in-memory local store, for the test that runs the real store, listener
/// and remote store: it applies each diff as the SQLite store would.
actor RemoteStoreLocalStoreDouble: PersistentSessionLocalStore {
  private(set) var quakes: [Quake.ID: Quake] = [:]
  private(set) var records: [QuakesFeed: FeedRecord] = [:]
  private(set) var jobs: [HistoryJob.Kind: HistoryJob] = [:]

  func fetchLocalQuakesQuery() async throws -> PersistedCache {
    PersistedCache(quakes: Array(self.quakes.values), feeds: self.records, history: self.jobs)
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

  func expireLocalQuakesMutation(quakeIds: [Quake.ID]) async throws {
    for id in quakeIds { self.quakes[id] = nil }
  }

  func deleteLocalQuakesMutation() async throws {
    self.quakes = [:]
  }
}
