public import Foundation
import GRDB
public import QuakesData
public import QuakesModel
import Synchronization

/// The local store of quakesd: the cache in an SQLite database file, which
/// survives restarts and which scripts may read while the daemon runs.
///
/// - The file is in WAL mode: the daemon is its only writer, and readers
///   (`sqlite3 -readonly`, scripts) see the last committed state without
///   blocking the writer or seeing half a diff.
/// - Each remote diff, with its feed's record, is one transaction made of
///   prepared, cached statements; an empty diff writes nothing at all.
/// - The schema is versioned (`PRAGMA user_version`) and migrated forward
///   on open; a file of another application or of a newer quakesd is
///   refused before anything is written to it.
/// - Every failure is a ``SQLiteLocalStoreError`` naming the path, the cause
///   and what to do.
///
/// docs/schema.md documents the tables for scripts.
public final class SQLiteLocalStore: PersistentSessionLocalStore {
  /// How long a write waits for another process's lock unless told otherwise.
  public static let defaultBusyTimeout: TimeInterval = 5

  /// The page cache of the reading connections together unless told otherwise: 16 MiB.
  public static let defaultPageCacheBytes = 16 << 20

  /// The page cache the reading connections have together, in bytes.
  public var pageCacheBytes: Int { self.options.pageCacheBytes }

  /// The schema version this quakesd writes (`PRAGMA user_version`).
  public static var schemaVersion: Int { Schema.currentVersion }

  /// The name errors give the in-memory store.
  static let inMemoryPath = ":memory:"

  /// The database file; `nil` for the in-memory store.
  public let path: String?
  let writer: any DatabaseWriter
  let options: Options
  /// The file the store opened, to notice when the path stops naming it.
  private let identity: FileIdentity?
  /// Rows of `quakes` and `feeds` written so far, as SQLite counts each
  /// statement's changes (``rowChanges()``).
  let tableRowChanges = Mutex(0)
  /// What the last retention run read up to, and the quakes written since
  /// (``RetentionMark``): the next run reads only what may have come to
  /// expire.
  let retentionMark = Mutex<RetentionMark?>(nil)
  /// How many quakes the last retention run read (``lastRetentionRowsRead``).
  let retentionRowsRead = Mutex(0)
  /// The statements of queries each reading connection keeps prepared.
  let preparedQueries = PreparedQueries()
  /// The connections of the reads done on the calling thread; `nil` in memory.
  let thisThreadReaders: ThisThreadReaders?
  /// How many counts were made on the calling thread (``BoundedRead``).
  let countsOnThisThread = Atomic(0)

  /// How many counts were made on the calling thread, within
  /// ``Options/countTimeOnThisThread``, rather than through the pool.
  package var countsReadOnThisThread: Int { self.countsOnThisThread.load(ordering: .relaxed) }

  private init(path: String?, writer: any DatabaseWriter, options: Options, thisThreadReaders: ThisThreadReaders?) {
    self.path = path
    self.writer = writer
    self.options = options
    self.thisThreadReaders = thisThreadReaders
    self.identity = path.flatMap(FileIdentity.init(path:))
  }

  /// Opens the database at `path`, creating it if there is no file there,
  /// and migrates it to ``schemaVersion``.
  ///
  /// The directory must exist. A file that is not a quakesd database, or was
  /// written by a newer quakesd, is refused and left as it was.
  ///
  /// - Parameter busyTimeout: how long a write waits for a lock that another
  ///   process holds (in WAL mode only another writer, or a checkpoint, takes one).
  /// - Throws: ``SQLiteLocalStoreError``.
  /// - Parameter pageCacheBytes: the page cache of the connections that
  ///   read for queries, together (``Options/pageCacheBytes``).
  public convenience init(
    path: String, busyTimeout: TimeInterval = SQLiteLocalStore.defaultBusyTimeout,
    pageCacheBytes: Int = SQLiteLocalStore.defaultPageCacheBytes
  ) throws {
    try self.init(path: path, options: Options(busyTimeout: busyTimeout, pageCacheBytes: pageCacheBytes))
  }

  /// Opens the database at `path` with `options` (tests and benchmarks).
  package convenience init(path: String, options: Options) throws {
    let writer: DatabasePool
    let thisThreadReaders: ThisThreadReaders
    do {
      try Self.inspectExistingFile(path: path, options: options)
      writer = try DatabasePool(path: path, configuration: options.configuration())
      try Self.migrate(writer, path: path)
      thisThreadReaders = try ThisThreadReaders(path: path, configuration: options.configuration(readonly: true))
    } catch {
      throw SQLiteLocalStoreError.translating(error, path: path, operation: .open, busyTimeout: options.busyTimeout)
    }
    self.init(path: path, writer: writer, options: options, thisThreadReaders: thisThreadReaders)
  }

  /// A store that keeps the database in memory: for tests and `--ephemeral`
  /// runs. Same schema and behaviour; gone when the store is.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` (only if SQLite cannot allocate it).
  public static func inMemory() throws -> SQLiteLocalStore {
    let options = Options()
    do {
      let writer = try DatabaseQueue(configuration: options.configuration())
      try Self.migrate(writer, path: Self.inMemoryPath)
      return SQLiteLocalStore(path: nil, writer: writer, options: options, thisThreadReaders: nil)
    } catch {
      throw SQLiteLocalStoreError.translating(
        error, path: Self.inMemoryPath, operation: .open, busyTimeout: options.busyTimeout)
    }
  }

  /// Closes the database: checkpoints the WAL into the file and releases
  /// it. The store must not be used afterwards.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when SQLite cannot close it now.
  public func close() throws {
    do {
      try self.thisThreadReaders?.close()
      try self.writer.close()
    } catch {
      throw self.translating(error, .close)
    }
  }
}

extension SQLiteLocalStore {
  /// The quakes with `ids` that the file holds, each once, read in one
  /// transaction, 500 ids a statement.
  public func fetchLocalQuakesQuery(ids: [Quake.ID]) async throws -> [Quake] {
    let ids = Array(Set(ids))
    do {
      return try await self.writer.read { db in
        var quakes: [Quake] = []
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
          let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
          let rows = try QuakeRows(
            db, sql: QuakesTable.selectAllSQL + " WHERE id IN (\(placeholders))", arguments: StatementArguments(chunk))
          while let quake = try rows.next() {
            quakes.append(quake)
          }
        }
        return quakes
      }
    } catch {
      throw self.translating(error, .read)
    }
  }

  /// The quakes whose origin time lies in `times`, read in one transaction.
  public func fetchLocalQuakesQuery(times: Range<Date>) async throws -> [Quake] {
    let from = Timestamp.firstMilliseconds(notBefore: times.lowerBound)
    let before = Timestamp.firstMilliseconds(notBefore: times.upperBound)
    do {
      return try await self.writer.read { db in
        var quakes: [Quake] = []
        let rows = try QuakeRows(
          db, sql: QuakesTable.selectAllSQL + " WHERE time >= ? AND time < ?", arguments: [from, before])
        while let quake = try rows.next() {
          quakes.append(quake)
        }
        return quakes
      }
    } catch {
      throw self.translating(error, .read)
    }
  }

  /// The quakes from `liveSince` on (every one for `nil`), the count of the
  /// older ones, and every feed record and history job, read in one
  /// transaction (a consistent snapshot, even while a diff is being written).
  ///
  /// Rows of feeds this quakesd does not know are left out.
  public func fetchLocalQuakesQuery(liveSince: Date?) async throws -> PersistedCache {
    let since = liveSince.map(Timestamp.firstMilliseconds(notBefore:))
    do {
      return try await self.writer.read { db in
        var cache = PersistedCache(liveSince: liveSince)
        let quakes =
          if let since {
            try QuakeRows(db, sql: QuakesTable.selectAllSQL + " WHERE time >= ?", arguments: [since])
          } else {
            try QuakeRows(db, sql: QuakesTable.selectAllSQL)
          }
        while let quake = try quakes.next() {
          cache.quakes.append(quake)
        }
        if since != nil {
          // The rows older than the window: all of them (kept by triggers,
          // read in O(1)) less those read.
          let all = try Int.fetchOne(db, sql: "SELECT n FROM quakes_count") ?? 0
          cache.historyCount = max(0, all - cache.quakes.count)
        }
        let feeds = try Row.fetchCursor(db, sql: FeedsTable.selectAllSQL)
        while let row = try feeds.next() {
          if let (feed, record) = try FeedsTable.record(row) {
            cache.feeds[feed] = record
          }
        }
        let jobs = try Row.fetchCursor(db, sql: HistoryJobsTable.selectAllSQL)
        while let row = try jobs.next() {
          if let job = try HistoryJobsTable.job(row) {
            cache.history[job.kind] = job
          }
        }
        return cache
      }
    } catch {
      throw self.translating(error, .read)
    }
  }

  /// Writes `diff` and `record` in one transaction: inserted and updated
  /// quakes are upserted, deleted ones removed, and the feed's row replaced.
  ///
  /// An empty diff writes the record only when its validators differ from
  /// those on file, so the next poll (after a restart too) can be a `304`;
  /// otherwise it changes nothing and costs no fsync. `last_success` on file
  /// is then that of the last batch that changed something.
  ///
  /// The alert `firings` go into the same transaction (``AlertTables``).
  public func didFetchRemoteQuakesMutation(
    feed: QuakesFeed, record: FeedRecord, diff: QuakesDiff, firings: [AlertFiring]
  ) async throws {
    try await self.write(feed: feed, record: record, diff: diff, firings: firings, progress: nil)
  }

  /// ``didFetchRemoteQuakesMutation(feed:record:diff:firings:)``, calling `progress`
  /// inside the transaction after each quake row with the count so far
  /// (benchmarks, and the crash test's writer, which is killed there).
  package func write(
    feed: QuakesFeed,
    record: FeedRecord,
    diff: QuakesDiff,
    firings: [AlertFiring] = [],
    progress: (@Sendable (Int) -> Void)?
  ) async throws {
    do {
      try self.checkFileInPlace(.write(feed: feed.name))
      guard !diff.isEmpty else {
        try await self.writer.write { db in
          try db.cachedStatement(sql: FeedsTable.upsertUnlessValidatorsMatchSQL)
            .execute(arguments: FeedsTable.arguments(feed: feed, record: record))
          let changes = db.changesCount
          self.tableRowChanges.withLock { $0 += changes }
        }
        return
      }
      try await self.writer.writeWithoutTransaction { db in
        let cache = try PageCacheForBatch(db, rows: diff.inserted.count + diff.updated.count + diff.deleted.count)
        defer { cache.restore(db) }
        try db.inTransaction(.immediate) {
          var changes = try Self.writeRows(of: diff, in: db, progress: progress)
          self.noteWrittenForRetention(diff)
          try db.cachedStatement(sql: FeedsTable.upsertSQL)
            .execute(arguments: FeedsTable.arguments(feed: feed, record: record))
          changes += db.changesCount
          _ = try AlertTables.write(firings, in: db)
          self.tableRowChanges.withLock { $0 += changes }
          return .commit
        }
        self.truncateLargeWriteAheadLog(db)
      }
    } catch {
      throw self.translating(error, .write(feed: feed.name))
    }
  }

  /// Deletes the quake with `quakeId`; nothing when the file has none.
  public func deleteLocalQuakeMutation(quakeId: Quake.ID) async throws {
    do {
      try self.checkFileInPlace(.delete(quakeId: quakeId))
      try await self.writer.write { db in
        try db.cachedStatement(sql: QuakesTable.deleteSQL).execute(arguments: [quakeId])
        let changes = db.changesCount
        self.tableRowChanges.withLock { $0 += changes }
        try DerivedIndexes(db).unindex(quakeId)
      }
    } catch {
      throw self.translating(error, .delete(quakeId: quakeId))
    }
  }

  /// Deletes every quake, and forgets each feed's validators and last
  /// `metadata.generated` (as the state does), so the next poll of each feed
  /// fetches it whole instead of getting a `304` for data no longer cached.
  public func deleteLocalQuakesMutation() async throws {
    do {
      try self.checkFileInPlace(.deleteAll)
      try await self.writer.write { db in
        try db.execute(sql: QuakesTable.deleteAllSQL)
        var changes = db.changesCount
        try DerivedIndexes.unindexAll(db)
        try db.execute(sql: FeedsTable.forgetBatchesSQL)
        changes += db.changesCount
        self.tableRowChanges.withLock { $0 += changes }
      }
    } catch {
      throw self.translating(error, .deleteAll)
    }
  }
}

extension SQLiteLocalStore {
  /// Upserts the inserted and updated quakes of `diff` and deletes its
  /// deleted ones, with their entries in the derived indexes, inside the caller's
  /// transaction; calls `progress` after each row. Returns the rows changed.
  static func writeRows(of diff: QuakesDiff, in db: Database, progress: (@Sendable (Int) -> Void)?) throws -> Int {
    var rows = 0
    var changes = 0
    let upsert = try db.cachedStatement(sql: QuakesTable.upsertSQL)
    let indexes = try DerivedIndexes(db)
    // In key order, each row goes next to the previous one in the
    // table's B-tree instead of into a random page.
    let setAside = try IndexesSetAside(db, inserting: diff.inserted.count)
    let written = [diff.inserted, diff.updated].joined().sorted(by: { $0.id < $1.id })
    for quake in written {
      try upsert.execute(arguments: QuakesTable.arguments(quake))
      changes += db.changesCount
      rows += 1
      progress?(rows)
    }
    try indexes.index(written)
    let delete = try db.cachedStatement(sql: QuakesTable.deleteSQL)
    for quake in diff.deleted {
      try delete.execute(arguments: [quake.id])
      changes += db.changesCount
      try indexes.unindex(quake.id)
      rows += 1
      progress?(rows)
    }
    try setAside.restore(db)
    return changes
  }

  /// Rows of `quakes` and `feeds` this store inserted, updated or deleted
  /// since it opened, as SQLite counts each statement's changes (the
  /// derived indexes' entries, written beside each quake, are not counted):
  /// what tests and benchmarks compare with the diff they wrote.
  package func rowChanges() -> Int {
    self.tableRowChanges.withLock { $0 }
  }

  package func writerPageCacheSize() async throws -> Int {
    try await self.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 }
  }

  /// Refuses, before any write, an existing file that quakesd must not touch:
  /// reads its header through a read-only connection.
  private static func inspectExistingFile(path: String, options: Options) throws {
    if let problem = FileDiagnosis.nonRegularFileProblem(path) {
      throw SQLiteLocalStoreError(kind: .notADatabase, path: path, operation: .open, detail: problem)
    }
    guard FileManager.default.fileExists(atPath: path) else { return }
    let reader = try DatabaseQueue(path: path, configuration: options.configuration(readonly: true))
    let inspection = try reader.read { db in try SchemaInspection(db) }
    try reader.close()
    _ = try inspection.versionToMigrate(path: path)
  }

  /// Migrates the database to the current schema in one immediate transaction.
  private static func migrate(_ writer: any DatabaseWriter, path: String) throws {
    try writer.writeWithoutTransaction { db in
      try db.inTransaction(.immediate) {
        try Schema.migrate(db, path: path)
        return .commit
      }
    }
  }

  /// Throws ``SQLiteLocalStoreError/Kind/removed`` when the path no longer
  /// names the file the store opened (someone removed the state directory,
  /// or replaced the file): a write would be lost.
  func checkFileInPlace(_ operation: SQLiteLocalStoreError.Operation) throws {
    guard let identity = self.identity, let path = self.path, let change = identity.change(at: path) else { return }
    throw SQLiteLocalStoreError(kind: .removed, path: path, operation: operation, detail: change)
  }

  func translating(_ error: any Error, _ operation: SQLiteLocalStoreError.Operation) -> any Error {
    SQLiteLocalStoreError.translating(
      error, path: self.path ?? Self.inMemoryPath, operation: operation, busyTimeout: self.options.busyTimeout)
  }
}
