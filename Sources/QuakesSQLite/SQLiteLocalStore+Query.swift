import GRDB
public import QuakesData
public import QuakesModel

extension SQLiteLocalStore {
  /// The page of `query` as the database answers it: the same page the
  /// list selector (`QuakesState.selectQuakesPage`) makes of the same
  /// quakes — the same quakes in the same order, the same `hasMore`, the
  /// same origin for distances and bearings, and with `countingMatches`
  /// the same count of matches.
  ///
  /// The page reads one quake past its end to tell whether more match;
  /// only the count walks every match. The page's ``attempts(for:)`` are
  /// read in turn until one answers it. Count and page are read in one
  /// transaction, so they agree even while a diff is being written.
  /// `QueryDifferentialTests` holds this to the selector's answers.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read,
  ///   or holds a row the store cannot read back.
  public func quakesPage(_ query: QuakesQuery, countingMatches: Bool = true) async throws -> QuakesPage {
    try await self.readingPage(of: query, countingMatches: countingMatches) { statements, prepared, db in
      try Self.page(query, statements, countingMatches: countingMatches, prepared: prepared, in: db)
    }
  }

  /// The page of `query` with the quakes `isKept` keeps named by id alone:
  /// the page's ids read first (from the index alone when it holds the
  /// order, as the time index does), then each other quake's row by its
  /// id, in the same transaction. ``quakesPage(_:countingMatches:)``'s
  /// quakes, in its order.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read,
  ///   or holds a row the store cannot read back.
  public func quakesPage(_ query: QuakesQuery, keeping isKept: @escaping @Sendable (Quake.ID) -> Bool) async throws
    -> QuakesSparsePage
  {
    try await self.readingPage(of: query, countingMatches: false) { statements, prepared, db in
      let (ids, hasMore) = try Self.pageRows(query, statements, prepared: prepared, idsOnly: true, in: db) {
        try RowReader(statement: $0, table: "quakes", columns: ["id"]).text(0)
      }
      let entries = try ids.map { id -> QuakesSparsePage.Entry in
        guard !isKept(id) else { return .kept(id) }
        guard let quake = try QuakeRows(db.cachedStatement(sql: QuakesTable.selectOneSQL), arguments: [id]).next()
        else {
          throw ColumnValueError(description: "quakes: the row of \(id) was not found by its id (its index is damaged)")
        }
        return .read(quake)
      }
      return QuakesSparsePage(entries: entries, hasMore: hasMore)
    }
  }

  /// What `read` gives of the page of `query`: through the pool, or on
  /// the calling thread for a brief walk of time that counts nothing.
  private func readingPage<T: Sendable>(
    of query: QuakesQuery, countingMatches: Bool,
    _ read: @escaping @Sendable (QuakesQuerySQL, PreparedQueries, Database) throws -> T
  ) async throws -> T {
    let statements = QuakesQuerySQL(query)
    let prepared = self.preparedQueries
    guard !countingMatches, Self.isBriefWalkOfTime(query) else {
      return try await self.reading(with: statements) { db in try read(statements, prepared, db) }
    }
    // The newest (or oldest) few, bounded in time alone: a walk of the
    // time index that reads the page and one row more, which takes less
    // than the hop to a reader's queue and back (a profile of 32
    // connections asking the FDSN service for the newest 100: a sixth of
    // quakesd's CPU in thread switches). Read on the calling thread, as
    // ``quake(id:)`` is.
    do {
      return try await self.readOnThisThread { db in try read(statements, prepared, db) }
    } catch {
      throw self.translating(error, .read)
    }
  }

  /// Whether the page of `query` is a walk of the time index that reads
  /// at most a few hundred rows: ordered by time, bounded by time alone
  /// (no other filter, which could make it read past any number of rows
  /// that do not match), with a small limit and offset.
  package static func isBriefWalkOfTime(_ query: QuakesQuery) -> Bool {
    var unbounded = query.filter
    (unbounded.since, unbounded.until) = (nil, nil)
    // A negative limit is SQLite's "no limit"; a client's limit and offset
    // may be any integers, whose sum must not trap.
    guard let limit = query.limit, (0...1_000).contains(limit), (0...1_000 - limit).contains(query.offset) else {
      return false
    }
    return query.sort == .time && unbounded == QuakesQuery.Filter()
  }

  /// The page of `query` (``quakesPage(_:countingMatches:)``), read in `db`.
  private static func page(
    _ query: QuakesQuery, _ statements: QuakesQuerySQL, countingMatches: Bool, prepared: PreparedQueries,
    in db: Database
  ) throws -> QuakesPage {
    let matched =
      countingMatches
      ? try Int.fetchOne(
        prepared.statement(statements.countSQL, of: statements, in: db), arguments: statements.countArguments) ?? 0
      : nil
    let (quakes, hasMore) = try Self.pageRows(query, statements, prepared: prepared, idsOnly: false, in: db) {
      try QuakesTable.quake(at: $0)
    }
    return QuakesPage(matched: matched, quakes: quakes, origin: query.filter.near?.centre, hasMore: hasMore)
  }

  /// What `row` reads of each row of the page of `query` (the columns of
  /// ``QuakesQuerySQL/pageSQL(_:idsOnly:)``), and whether more match: the
  /// page's ``attempts(for:_:in:)`` read in turn until one answers it.
  private static func pageRows<Value>(
    _ query: QuakesQuery, _ statements: QuakesQuerySQL, prepared: PreparedQueries, idsOnly: Bool, in db: Database,
    _ row: (Statement) throws -> Value
  ) throws -> (rows: [Value], hasMore: Bool) {
    var rows: [Value] = []
    let attempts = try Self.attempts(for: query, statements, in: db)
    for (index, (statements, plan)) in attempts.enumerated() {
      rows = []
      let statement = try prepared.statement(statements.pageSQL(plan, idsOnly: idsOnly), of: statements, in: db)
      let cursor = try Row.fetchCursor(statement, arguments: statements.pageArguments(plan))
      while try cursor.next() != nil {
        rows.append(try row(statement))
      }
      // An attempt before the last answers when the page and the quake
      // after it were within it.
      guard index < attempts.count - 1, let size = statements.pageSize, rows.count <= size else { break }
    }
    guard let size = statements.pageSize, rows.count > size else { return (rows, false) }
    rows.removeLast(rows.count - size)
    return (rows, true)
  }

  /// The reads that may answer the page of `query`, cheapest first; the
  /// last always does.
  ///
  /// - Nearest first with a page of known size: the same query within
  ///   0.625 km, 2.5, 10, 40, 160, … of the centre before its own radius (a
  ///   circle that holds too few costs one look at the R*Tree). When the
  ///   page and one quake more lie within a smaller circle, no quake
  ///   outside it can come before them, and the R*Tree gave a few hundred
  ///   quakes to sort instead of every one in the radius. The first circle
  ///   is small for the densest clusters: at 10,000,000 quakes the 2.5 km
  ///   circle around Tokyo held thousands (docs/benchmarks-analysis.md).
  /// - A magnitude bound that few quakes reach, in any order but by
  ///   distance: those quakes, read whole (``QuakesQuerySQL/Plan/magnitudeRange``).
  /// - Otherwise the plans of ``QuakesQuerySQL/pagePlans``.
  static func attempts(
    for query: QuakesQuery, _ statements: QuakesQuerySQL, in db: Database
  ) throws -> [(QuakesQuerySQL, QuakesQuerySQL.Plan)] {
    if query.sort != .distance, query.limit != nil, try statements.hasFewByMagnitude(in: db) {
      return [(statements, .magnitudeRange)]
    }
    let plans = statements.pagePlans.map { (statements, $0) }
    guard query.sort == .distance, query.order == .forward, query.limit != nil, let near = query.filter.near,
      near.radiusKm.map({ !$0.isNaN }) ?? true
    else { return plans }
    // A radius past half the Earth's circumference holds the whole globe.
    let radius = Swift.min(near.radiusKm ?? Earth.halfCircumferenceKm, Earth.halfCircumferenceKm)
    var nearer: [(QuakesQuerySQL, QuakesQuerySQL.Plan)] = []
    var smaller = 0.625
    while smaller < radius {
      // A circle within a ring's hole holds nothing.
      if smaller > near.minRadiusKm ?? 0 {
        var query = query
        query.filter.near?.radiusKm = smaller
        nearer.append((QuakesQuerySQL(query), .full))
      }
      smaller *= 4
    }
    return nearer + plans
  }

  /// How many quakes match `filter`: the count selector's answer
  /// (`QuakesState.selectQuakesCount(matching:)`).
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read.
  public func quakesCount(matching filter: QuakesQuery.Filter) async throws -> Int {
    let statements = QuakesQuerySQL(QuakesQuery(filter: filter))
    let prepared = self.preparedQueries
    // A few thousand matches are counted in less than a hop to a reader's
    // queue and back takes: tried on the calling thread, within a bound
    // (a profile of 32 connections counting M4+ in a million: two fifths
    // of quakesd's CPU in thread switches). Not a count of every row:
    // SQLite makes it one instruction, which its progress handler cannot
    // interrupt.
    do {
      if let readers = self.thisThreadReaders, case let limit = self.options.countTimeOnThisThread, limit > .zero,
        !statements.countsEveryRow,
        let counted = try readers.read({ db in
          try Self.withFunctions(of: statements, in: db) {
            // Prepared before the clock starts: the bound is the count's.
            let statement = try prepared.statement(statements.countSQL, of: statements, in: db)
            return try BoundedRead.value(in: db, within: limit) { _ in
              try Int.fetchOne(statement, arguments: statements.countArguments) ?? 0
            }
          }
        }), let counted
      {
        self.countsOnThisThread.add(1, ordering: .relaxed)
        return counted
      }
    } catch {
      throw self.translating(error, .read)
    }
    return try await self.reading(with: statements) { db in
      try Int.fetchOne(
        prepared.statement(statements.countSQL, of: statements, in: db), arguments: statements.countArguments) ?? 0
    }
  }

  /// The quake whose id is `id`, if the database holds it.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read,
  ///   or holds a row the store cannot read back.
  public func quake(id: Quake.ID) async throws -> Quake? {
    do {
      // One row by its key takes microseconds: read on the calling thread
      // (GRDB's blocking read), not through a hop to a reader's queue and
      // back, which costs more than the read (a profile of 32 × 4
      // pipelined gets: most of the time in thread switches).
      return try await self.readOnThisThread { db in
        try QuakeRows(db.cachedStatement(sql: QuakesTable.selectOneSQL), arguments: [id]).next()
      }
    } catch {
      throw self.translating(error, .read)
    }
  }

  /// The networks of the cached quakes, one per network in any case, in
  /// the order of their keys: a walk of the `quakes_network` index from
  /// one key to the next (a read per network, not per quake).
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read.
  public func networks() async throws -> [String] {
    do {
      return try await self.writer.read { db in
        try String.fetchAll(
          db,
          sql: """
            WITH RECURSIVE keys(key) AS (
              SELECT (SELECT min(network_key) FROM quakes)
              UNION ALL
              SELECT (SELECT min(network_key) FROM quakes WHERE network_key > keys.key) FROM keys
              WHERE keys.key IS NOT NULL
            )
            SELECT (SELECT network FROM quakes WHERE network_key = keys.key LIMIT 1) FROM keys
            WHERE keys.key IS NOT NULL
            """)
      }
    } catch {
      throw self.translating(error, .read)
    }
  }

  /// Runs `read` in a read transaction on the calling thread, blocking it
  /// meanwhile, on a connection of ``ThisThreadReaders`` (never one of the
  /// pool's, which could wait for ever); through the pool when none is free
  /// (or the store is in memory, and has none).
  private func readOnThisThread<T: Sendable>(_ read: @escaping @Sendable (Database) throws -> T) async throws -> T {
    if let readers = self.thisThreadReaders, let value = try readers.read(read) { return value }
    return try await self.writer.read(read)
  }

  /// Runs `read` in one read transaction with the functions `statements`
  /// need registered for it alone.
  private func reading<T: Sendable>(
    with statements: QuakesQuerySQL,
    _ read: @escaping @Sendable (Database) throws -> T
  ) async throws -> T {
    do {
      return try await self.writer.read { db in try Self.withFunctions(of: statements, in: db) { try read(db) } }
    } catch {
      throw self.translating(error, .read)
    }
  }

  /// What `read` gives with the functions `statements` need registered in `db`.
  private static func withFunctions<T>(of statements: QuakesQuerySQL, in db: Database, _ read: () throws -> T) rethrows
    -> T
  {
    for function in statements.functions { db.add(function: function) }
    defer { for function in statements.functions { db.remove(function: function) } }
    return try read()
  }
}

extension SQLiteLocalStore {
  /// How SQLite would answer `query` on the database as it is: the
  /// `detail` lines of `EXPLAIN QUERY PLAN` for the last statement that may
  /// read its page (``attempts(for:_:in:)``) and for the one that counts
  /// its matches. `QueryPlanTests` checks that no documented question
  /// scans the whole table.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read.
  package func queryPlan(_ query: QuakesQuery) async throws -> (page: [String], count: [String]) {
    let statements = QuakesQuerySQL(query)
    return try await self.reading(with: statements) { db in
      let page = try Self.attempts(for: query, statements, in: db).last?.1 ?? .full
      func plan(_ sql: String, _ arguments: StatementArguments) throws -> [String] {
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] ?? "" }
      }
      return (
        try plan(statements.pageSQL(page), statements.pageArguments(page)),
        try plan(statements.countSQL, statements.countArguments)
      )
    }
  }
}

extension SQLiteLocalStore {
  /// A cursor over the quakes of `query` (``QuakesCursor``): its page, or
  /// every match without a limit, in the selector's order, `pageSize` at a
  /// time, from a snapshot of the file taken now through a connection of
  /// the cursor's own. The in-memory store (`--ephemeral`) has no
  /// snapshots and one connection: its cursor reads every match at once,
  /// then hands them over a page at a time (the catalogue is in memory
  /// there anyway), so that no answer holds the connection while a client
  /// reads.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when no connection can be opened;
  ///   the cursor's pages throw it when the database cannot be read.
  public func quakesCursor(_ query: QuakesQuery, pageSize: Int) async throws -> any QuakesCursor {
    let reader: any DatabaseReader
    do {
      reader = try (self.writer as? DatabasePool)?.makeSnapshot() ?? self.writer
    } catch {
      throw self.translating(error, .read)
    }
    return SnapshotQuakesCursor(
      reading: QuakesQuerySQL(query), pageSize: pageSize, from: reader, ownsReader: reader !== self.writer,
      translating: { [path = self.path ?? Self.inMemoryPath, busyTimeout = self.options.busyTimeout] error in
        SQLiteLocalStoreError.translating(error, path: path, operation: .read, busyTimeout: busyTimeout)
      })
  }
}
