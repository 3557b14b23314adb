import PostgresNIO
public import QuakesData
public import QuakesModel

extension PostgresLocalStore {
  /// The page of `query` and, when `countingMatches`, how many match, from
  /// one snapshot: the list selector's answer
  /// (`QuakesState.selectQuakesPage`), which
  /// `PostgresQueryDifferentialTests` holds it to.
  ///
  /// A query PostgreSQL answers alone (``PostgresQuerySQL/isExact``) is
  /// counted by `count(*)` and paged by `LIMIT`, reading one quake past the
  /// page to tell whether more match. Any other reads the rows its SQL
  /// leaves and collects the page as the selector does (its matcher and
  /// its page collector), so it costs a read of every row in the covering
  /// boxes of its place, or of every row with a place for a search alone.
  public func quakesPage(_ query: QuakesQuery, countingMatches: Bool) async throws -> QuakesPage {
    let sql = PostgresQuerySQL(query)
    return try await self.store.read { connection in
      guard sql.isExact else {
        var page = try await Self.collectedPage(of: sql, on: connection)
        if !countingMatches { page.matched = nil }
        return page
      }
      let matched = countingMatches ? try await Self.count(sql, on: connection) : nil
      let size = query.limit.map { max($0, 0) }
      var quakes = try await Self.quakes(
        Self.pageSQL(sql, limit: size.map { $0 == .max ? $0 : $0 + 1 }), on: connection)
      var hasMore = false
      if let size, quakes.count > size {
        quakes.removeLast(quakes.count - size)
        hasMore = true
      }
      return QuakesPage(matched: matched, quakes: quakes, origin: query.filter.near?.centre, hasMore: hasMore)
    }
  }

  /// How many cached quakes match `filter`.
  public func quakesCount(matching filter: QuakesQuery.Filter) async throws -> Int {
    let sql = PostgresQuerySQL(QuakesQuery(filter: filter))
    return try await self.store.read { connection in
      guard sql.isExact else {
        var matched = 0
        try await Self.forEachMatch(of: sql, on: connection) { _ in matched += 1 }
        return matched
      }
      return try await Self.count(sql, on: connection)
    }
  }

  /// The quakes of `query`, `pageSize` at a time, from one snapshot
  /// (``PostgresQuakesCursor``).
  public func quakesCursor(_ query: QuakesQuery, pageSize: Int) async throws -> any QuakesCursor {
    let sql = PostgresQuerySQL(query)
    guard sql.isExact else {
      // Collected whole, as the page of a query PostgreSQL cannot answer alone is.
      let page = try await self.quakesPage(query, countingMatches: false)
      return CollectedQuakesCursor(quakes: page.quakes, pageSize: pageSize)
    }
    return PostgresQuakesCursor(
      store: self.store, select: Self.pageSQL(sql, limit: query.limit.map { max($0, 0) }), pageSize: pageSize)
  }

  /// The cached quake with `id`; `nil` if there is none.
  public func quake(id: Quake.ID) async throws -> Quake? {
    try await self.store.read { connection in
      try await Self.quakes(
        "SELECT \(unescaped: QuakesTable.selectList) FROM quakes WHERE id = \(QuakesTable.storable(id))", on: connection
      ).first
    }
  }

  /// The networks of the cached quakes, one per network in any case, in
  /// the order of their keys (``NameKey``, byte for byte).
  public func networks() async throws -> [String] {
    let rows = try await self.store.read { connection in
      try await connection.query(
        "SELECT DISTINCT ON (network_key) network_key, network FROM quakes WHERE network_key IS NOT NULL")
    }
    var networks: [(key: String, network: String)] = []
    for row in rows {
      let reader = PostgresRowReader(row, table: "quakes", columns: ["network_key", "network"])
      networks.append((try reader.text(0), try reader.text(1)))
    }
    return networks.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }.map(\.network)
  }
}

extension PostgresLocalStore {
  /// Reads the page of a query the matcher must help answer: every row its
  /// SQL leaves, tested and collected as the list selector does.
  static func collectedPage(of sql: PostgresQuerySQL, on connection: StoreConnection) async throws -> QuakesPage {
    let query = sql.query
    var collector = PageCollector(
      query: query, sort: query.sort == .distance && query.filter.near == nil ? .time : query.sort)
    try await Self.forEachMatch(of: sql, on: connection) { quake in
      collector.matched += 1
      collector.keepIfAmongBest(quake)
    }
    return collector.result(matched: collector.matched, origin: query.filter.near?.centre)
  }

  /// Calls `body` with each quake that matches `sql`'s query: the rows its
  /// SQL leaves, each tested by the matcher when the SQL is not exact.
  static func forEachMatch(
    of sql: PostgresQuerySQL, on connection: StoreConnection, _ body: (Quake) throws -> Void
  ) async throws {
    let matcher = sql.isExact ? nil : QuakesQuery.Filter.Matcher(sql.query.filter)
    let select = PostgresQuery(
      unsafeSQL: "SELECT \(QuakesTable.selectList) FROM quakes" + sql.whereClause, binds: sql.binds)
    for try await row in try await connection.rows(select) {
      let quake = try QuakesTable.quake(row)
      if matcher?.matches(quake) ?? true { try body(quake) }
    }
  }

  /// How many rows `sql`'s conditions leave.
  private static func count(_ sql: PostgresQuerySQL, on connection: StoreConnection) async throws -> Int {
    let rows = try await connection.query(
      PostgresQuery(unsafeSQL: "SELECT count(*) FROM quakes" + sql.whereClause, binds: sql.binds))
    return Int(try rows.first?.decode(Int64.self) ?? 0)
  }

  /// The rows of `sql`'s page in the query's order: `limit` of them (all
  /// for `nil`) after the query's offset.
  static func pageSQL(_ sql: PostgresQuerySQL, limit: Int?) -> PostgresQuery {
    var binds = sql.binds
    var page = ""
    if let limit {
      binds.append(Int64(limit))
      page += " LIMIT $\(binds.count)"
    }
    binds.append(Int64(max(sql.query.offset, 0)))
    page += " OFFSET $\(binds.count)"
    return PostgresQuery(
      unsafeSQL: "SELECT \(QuakesTable.selectList) FROM quakes" + sql.whereClause + sql.orderClause + page,
      binds: binds)
  }
}
