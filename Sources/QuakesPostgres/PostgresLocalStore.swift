public import Foundation
import PostgresNIO
public import QuakesData
public import QuakesModel

/// The local store of quakesd on PostgreSQL: the same session, the same
/// tables (docs/schema.md, "PostgreSQL"), shared by every instance that
/// names the store.
///
/// - Every write is a ``FencedTransaction`` through the ``StoreWriter``:
///   only the leader writes, and a leader that lost its term cannot commit.
///   Each write is one change of the sequence; the rows it writes carry
///   its number (`changed`), and the quakes it deletes are kept in
///   `quakes_removed` with it, so that followers read what changed.
/// - Reads see one snapshot (``PostgresStore/read(_:)``) and never wait
///   for the writer; any instance reads.
/// - Queries (``QuakesCatalogue``) are answered as the list selector
///   answers them: see ``PostgresQuerySQL``.
public final class PostgresLocalStore: PersistentSessionLocalStore, QuakesCatalogue {
  public let store: PostgresStore
  /// Whether this instance writes, and in which term.
  public let writer: StoreWriter
  /// How many changes back a follower finds the quakes removed: one
  /// further behind loads the store anew (`quakesd_head.removals_since`).
  /// Feeds commit a change about once a minute each, so the default is days.
  let removalsKept: Int64

  public init(store: PostgresStore, removalsKept: Int64 = 10_000) {
    self.store = store
    self.writer = StoreWriter(store: store)
    self.removalsKept = max(1, removalsKept)
  }
}

extension PostgresLocalStore {
  /// The quakes from `liveSince` on (every one for `nil`), the count of the
  /// older ones, every feed record and history job, from one snapshot.
  public func fetchLocalQuakesQuery(liveSince: Date?) async throws -> PersistedCache {
    try await self.store.read { connection in
      var cache = PersistedCache(liveSince: liveSince)
      cache.storeChange = try await Self.head(on: connection).sequence
      if let liveSince {
        let since = Timestamp.firstMilliseconds(notBefore: liveSince)
        cache.quakes = try await Self.quakes(
          "SELECT \(unescaped: QuakesTable.selectList) FROM quakes WHERE time >= \(since)", on: connection)
        let older = try await connection.query("SELECT count(*) FROM quakes WHERE time < \(since)")
        cache.historyCount = Int(try older.first?.decode(Int64.self) ?? 0)
      } else {
        cache.quakes = try await Self.quakes(
          "SELECT \(unescaped: QuakesTable.selectList) FROM quakes", on: connection)
      }
      for row in try await connection.query(FeedsTable.selectAllSQL) {
        if let (feed, record) = try FeedsTable.record(row) { cache.feeds[feed] = record }
      }
      for row in try await connection.query(HistoryJobsTable.selectAllSQL) {
        if let job = try HistoryJobsTable.job(row) { cache.history[job.kind] = job }
      }
      return cache
    }
  }

  /// The quakes the store holds under `ids`.
  public func fetchLocalQuakesQuery(ids: [Quake.ID]) async throws -> [Quake] {
    let ids = Array(Set(ids.map(QuakesTable.storable)))
    guard !ids.isEmpty else { return [] }
    return try await self.store.read { connection in
      try await Self.quakes(
        "SELECT \(unescaped: QuakesTable.selectList) FROM quakes WHERE id = ANY(\(ids))", on: connection)
    }
  }

  /// The quakes whose origin time lies in `times`.
  public func fetchLocalQuakesQuery(times: Range<Date>) async throws -> [Quake] {
    let from = Timestamp.firstMilliseconds(notBefore: times.lowerBound)
    let before = Timestamp.firstMilliseconds(notBefore: times.upperBound)
    return try await self.store.read { connection in
      try await Self.quakes(
        "SELECT \(unescaped: QuakesTable.selectList) FROM quakes WHERE time >= \(from) AND time < \(before)",
        on: connection)
    }
  }
}

extension PostgresLocalStore {
  /// Writes `diff`, `record` and the alert `firings` as one change.
  public func didFetchRemoteQuakesMutation(
    feed: QuakesFeed, record: FeedRecord, diff: QuakesDiff, firings: [AlertFiring]
  ) async throws {
    try await self.writer.write { connection, change in
      try await Self.writeRows(of: diff, change: change, keepingRemovals: self.removalsKept, on: connection)
      try await connection.query(FeedsTable.upsert(feed: feed, record: record, unlessValidatorsMatch: diff.isEmpty))
      _ = try await AlertTables.write(firings, on: connection)
    }
  }

  /// Writes `diff` and `job`'s checkpoint as one change.
  public func didFetchHistoryMutation(job: HistoryJob, diff: QuakesDiff) async throws {
    let checkpoint = try HistoryJobsTable.upsert(job)
    try await self.writer.write { connection, change in
      try await Self.writeRows(of: diff, change: change, keepingRemovals: self.removalsKept, on: connection)
      try await connection.query(checkpoint)
    }
  }

  /// Writes `job`'s checkpoint alone.
  public func saveHistoryJobMutation(job: HistoryJob) async throws {
    let checkpoint = try HistoryJobsTable.upsert(job)
    try await self.writer.write { connection, _ in _ = try await connection.query(checkpoint) }
  }

  /// Deletes one quake.
  public func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    try await self.writer.write { connection, change in
      try await Self.delete([quakeId], change: change, keeping: self.removalsKept, on: connection)
    }
  }

  /// Deletes the quakes `plan` expires, as one change; returns them, oldest first.
  public func expireLocalQuakesMutation(plan: Retention.Plan) async throws -> [Quake] {
    let expires = plan.test()
    return try await self.writer.write { connection, change in
      var expired: [Quake] = []
      var seen = Set<Quake.ID>()
      for candidate in plan.candidates {
        var query = QuakesQuery(filter: candidate.filter)
        if let until = query.filter.until, !until.timeIntervalSinceReferenceDate.isNaN, until < candidate.before {
          // The rule's own bound is the nearer.
        } else {
          query.filter.until = candidate.before
        }
        try await Self.forEachMatch(of: PostgresQuerySQL(query), on: connection) { quake in
          if expires(quake), seen.insert(quake.id).inserted { expired.append(quake) }
        }
      }
      try await Self.delete(expired.map(\.id), change: change, keeping: self.removalsKept, on: connection)
      return expired.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
    }
  }

  /// Deletes every quake, and forgets each feed's validators, as one
  /// change that followers load anew after (`quakesd_head.purged`).
  public func deleteLocalQuakesMutation() async throws {
    try await self.writer.write { connection, change in
      try await connection.query("DELETE FROM quakes")
      try await connection.query("DELETE FROM quakes_removed")
      try await connection.query(FeedsTable.forgetBatchesSQL)
      try await connection.query("UPDATE quakesd_head SET purged = \(change) WHERE id = 1")
    }
  }
}

extension PostgresLocalStore {
  /// Upserts the inserted and updated quakes of `diff` (the last of an id
  /// when it comes twice) and deletes its deleted ones, as change `change`.
  static func writeRows(
    of diff: QuakesDiff, change: Int64, keepingRemovals kept: Int64, on connection: StoreConnection
  ) async throws {
    var latest: [Quake.ID: Quake] = [:]
    for quake in [diff.inserted, diff.updated].joined() { latest[quake.id] = quake }
    let written = latest.values.sorted { $0.id < $1.id }
    var start = 0
    while start < written.count {
      let chunk = written[start..<min(start + QuakesTable.rowsPerUpsert, written.count)]
      var binds = PostgresBindings()
      for quake in chunk { QuakesTable.bind(quake, changed: change, to: &binds) }
      try await connection.query(PostgresQuery(unsafeSQL: QuakesTable.upsertSQL(rows: chunk.count), binds: binds))
      start += chunk.count
    }
    if !written.isEmpty {
      try await connection.query(
        "DELETE FROM quakes_removed WHERE id = ANY(\(written.map { QuakesTable.storable($0.id) }))")
    }
    // Compared as stored: a quake the state holds under an id with U+0000
    // and the store under U+FFFD (after a reload) is one row, written, not deleted.
    let writtenIds = Set(written.map { QuakesTable.storable($0.id) })
    try await Self.delete(
      diff.deleted.map(\.id).filter { !writtenIds.contains(QuakesTable.storable($0)) }, change: change,
      keeping: kept, on: connection)
  }

  /// Deletes the quakes of `ids`, moving each row to `quakes_removed` as
  /// change `change`, and forgets the removals of the changes more than
  /// `kept` before it (``removalsKept``).
  static func delete(_ ids: [Quake.ID], change: Int64, keeping kept: Int64, on connection: StoreConnection)
    async throws
  {
    guard !ids.isEmpty else { return }
    let ids = ids.map(QuakesTable.storable)
    let moved = QuakesTable.writtenColumns.joined(separator: ", ")
    let values = QuakesTable.writtenColumns.map { $0 == "changed" ? "$2" : $0 }.joined(separator: ", ")
    var binds = PostgresBindings()
    binds.append(ids)
    binds.append(change)
    // An id already removed (and not written since: a write takes it out
    // of quakes_removed) is not in quakes, and keeps its record: a follower
    // behind that removal still needs it.
    try await connection.query(
      PostgresQuery(
        unsafeSQL: """
          WITH gone AS (DELETE FROM quakes WHERE id = ANY($1) RETURNING *)
          INSERT INTO quakes_removed (\(moved)) SELECT \(values) FROM gone
          ON CONFLICT (id) DO UPDATE SET changed = excluded.changed
          """, binds: binds))
    let floor = change - kept
    try await connection.query(
      """
      WITH pruned AS (DELETE FROM quakes_removed WHERE changed <= \(floor) RETURNING changed)
      UPDATE quakesd_head SET removals_since = greatest(removals_since, (SELECT max(changed) FROM pruned))
      WHERE id = 1 AND EXISTS (SELECT 1 FROM pruned)
      """)
  }

  /// The quakes of the rows `query` selects (``QuakesTable/columns``).
  static func quakes(_ query: PostgresQuery, on connection: StoreConnection) async throws -> [Quake] {
    var quakes: [Quake] = []
    for try await row in try await connection.rows(query) {
      quakes.append(try QuakesTable.quake(row))
    }
    return quakes
  }
}
