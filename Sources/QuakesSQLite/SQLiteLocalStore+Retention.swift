import Foundation
import GRDB
public import QuakesData
public import QuakesModel

extension SQLiteLocalStore {
  /// Deletes the quakes the retention `plan` expires, in one transaction,
  /// and returns them, oldest first: for each rule with a limit, the quakes
  /// its filter matches older than the limit (the filter's SQL, as
  /// `quakes.list` reads it), each removed if the plan's test says so (no
  /// earlier rule keeps it, no polled feed carries it).
  ///
  /// After a first run, a run with the same rules reads only what may have
  /// come to expire since the last (``RetentionMark``).
  public func expireLocalQuakesMutation(plan: Retention.Plan) async throws -> [Quake] {
    let expires = plan.test()
    do {
      try self.checkFileInPlace(.expire)
      return try await self.writer.write { db in
        let since = self.retentionMark.withLock { $0?.since(for: plan) }
        var read = 0
        var expired: [Quake] = []
        var seen = Set<Quake.ID>()
        func consider(_ quake: Quake) {
          read += 1
          if expires(quake), seen.insert(quake.id).inserted { expired.append(quake) }
        }
        for (index, candidate) in plan.candidates.enumerated() {
          let statements = Self.retentionCandidates(candidate, from: since?.from[index])
          for function in statements.functions { db.add(function: function) }
          defer { for function in statements.functions { db.remove(function: function) } }
          let rows = try QuakeRows(db, sql: statements.pageSQL(.full), arguments: statements.pageArguments(.full))
          while let quake = try rows.next() { consider(quake) }
        }
        for id in since?.written ?? [] {
          if let quake = try QuakeRows(db.cachedStatement(sql: QuakesTable.selectOneSQL), arguments: [id]).next() {
            consider(quake)
          }
        }
        let delete = try db.cachedStatement(sql: QuakesTable.deleteSQL)
        let indexes = try DerivedIndexes(db)
        var changes = 0
        for quake in expired {
          try delete.execute(arguments: [quake.id])
          changes += db.changesCount
          try indexes.unindex(quake.id)
        }
        self.tableRowChanges.withLock { $0 += changes }
        self.retentionMark.withLock { $0 = RetentionMark(after: plan) }
        self.retentionRowsRead.withLock { $0 = read }
        return expired.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
      }
    } catch {
      throw self.translating(error, .expire)
    }
  }

  /// How many quakes the last retention run read (tests: a run after the
  /// first reads what may have come to expire, not the whole catalogue).
  package var lastRetentionRowsRead: Int { self.retentionRowsRead.withLock { $0 } }

  /// Notes, for the next retention run, the quakes `diff` wrote. Call it in
  /// the write's transaction.
  func noteWrittenForRetention(_ diff: QuakesDiff) {
    self.retentionMark.withLock { $0?.noteWritten(diff) }
  }

  /// The quakes `candidate`'s filter matches before its date, from `from` on.
  private static func retentionCandidates(
    _ candidate: (filter: QuakesQuery.Filter, before: Date), from: Date?
  ) -> QuakesQuerySQL {
    var query = QuakesQuery(filter: candidate.filter)
    if let until = query.filter.until, !until.timeIntervalSinceReferenceDate.isNaN, until < candidate.before {
      // The rule's own bound is the nearer.
    } else {
      query.filter.until = candidate.before
    }
    if let from {
      if let since = query.filter.since, !since.timeIntervalSinceReferenceDate.isNaN, since > from {
        // The rule's own bound is the nearer.
      } else {
        query.filter.since = from
      }
    }
    return QuakesQuerySQL(query)
  }
}
