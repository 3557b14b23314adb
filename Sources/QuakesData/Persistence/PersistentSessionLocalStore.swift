public import Foundation
public import QuakesModel

/// The local store behind the persistent session: where the cache survives
/// restarts (SQLite in the daemon, an in-memory double in unit tests).
///
/// The seed's four operations, plus the feed records a restarted daemon
/// needs, written in the same transaction as the diff they go with.
public protocol PersistentSessionLocalStore: Sendable {
  /// What a launch loads: every quake from `liveSince` on (every quake
  /// when it is `nil`), the count of the older ones, every feed record and
  /// history job, read as one snapshot.
  func fetchLocalQuakesQuery(liveSince: Date?) async throws -> PersistedCache

  /// The quakes the store holds under `ids` (an id it holds none under is
  /// left out), in any order: what an FDSN window is diffed against.
  func fetchLocalQuakesQuery(ids: [Quake.ID]) async throws -> [Quake]

  /// The quakes the store holds whose origin time lies in `times`, in any
  /// order: the part of a feed's deletion window before the live window.
  func fetchLocalQuakesQuery(times: Range<Date>) async throws -> [Quake]

  /// Writes the diff of one remote batch of `feed`, the feed's new
  /// `record` and the alert `firings` the diff caused (each with a pending
  /// delivery per channel, unless the rule already fired so for the quake),
  /// in one transaction: a crash can neither lose a firing nor invent one.
  func didFetchRemoteQuakesMutation(
    feed: QuakesFeed, record: FeedRecord, diff: QuakesDiff, firings: [AlertFiring]
  ) async throws

  /// Writes the diff of one FDSN window and the checkpoint of `job` (which
  /// has moved past the window) in one transaction: after a crash the job
  /// resumes exactly after the last window written.
  func didFetchHistoryMutation(job: HistoryJob, diff: QuakesDiff) async throws

  /// Writes the checkpoint of `job` alone (it started, was cancelled or failed).
  func saveHistoryJobMutation(job: HistoryJob) async throws

  /// Deletes one quake.
  func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws

  /// Deletes the quakes `plan` expires (``Retention/Plan/candidates``
  /// read, ``Retention/Plan/test()`` true), in one transaction; returns them.
  func expireLocalQuakesMutation(plan: Retention.Plan) async throws -> [Quake]

  /// Deletes every quake.
  func deleteLocalQuakesMutation() async throws
}

extension PersistentSessionLocalStore {
  /// Everything the store holds: every quake, feed record and history job.
  public func fetchLocalQuakesQuery() async throws -> PersistedCache {
    try await self.fetchLocalQuakesQuery(liveSince: nil)
  }

  /// Writes the diff of one remote batch of `feed` and the feed's new
  /// `record`, with no alert firings, in one transaction.
  public func didFetchRemoteQuakesMutation(feed: QuakesFeed, record: FeedRecord, diff: QuakesDiff) async throws {
    try await self.didFetchRemoteQuakesMutation(feed: feed, record: record, diff: diff, firings: [])
  }
}
