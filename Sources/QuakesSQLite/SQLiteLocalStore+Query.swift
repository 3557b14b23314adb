import GRDB
package import QuakesModel

extension SQLiteLocalStore {
  /// The page of `query` as the database answers it: the same page the
  /// list selector (`QuakesState.selectQuakesPage`) makes of the same
  /// quakes — the same quakes in the same order, the same count of matches,
  /// the same origin for distances and bearings.
  ///
  /// The count and the page are read in one transaction, so they agree
  /// with each other even while a diff is being written. Not yet used by
  /// the daemon (issue 32's first step): `QueryDifferentialTests` holds it
  /// to the selector's answers.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database cannot be read,
  ///   or holds a row the store cannot read back.
  package func quakesPage(_ query: QuakesQuery) async throws -> QuakesPage {
    let statements = QuakesQuerySQL(query)
    do {
      return try await self.writer.read { db in
        for function in statements.functions { db.add(function: function) }
        defer { for function in statements.functions { db.remove(function: function) } }
        let matched = try Int.fetchOne(db, sql: statements.countSQL, arguments: statements.countArguments) ?? 0
        var quakes: [Quake] = []
        let rows = try Row.fetchCursor(db, sql: statements.pageSQL, arguments: statements.pageArguments)
        while let row = try rows.next() {
          quakes.append(try QuakesTable.quake(row))
        }
        return QuakesPage(matched: matched, quakes: quakes, origin: query.filter.near?.centre)
      }
    } catch {
      throw self.translating(error, .read)
    }
  }
}
