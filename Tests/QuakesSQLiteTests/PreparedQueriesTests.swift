import GRDB
import QuakesSQLite
import Testing

/// The statements of queries a reading connection keeps prepared: the same
/// SQL is prepared once, and a connection keeps no more than its limit of
/// distinct ones, however many shapes of question clients ask.
@Suite struct PreparedQueriesTests {
  @Test("the same SQL is the same statement; another is prepared and kept beside it")
  func keepsEachStatementOnce() throws {
    let database = try DatabaseQueue()
    let prepared = PreparedQueries(limit: 3)
    try database.read { db in
      let first = try prepared.statement("SELECT 1", in: db)
      #expect(try prepared.statement("SELECT 1", in: db) === first)
      let second = try prepared.statement("SELECT 2", in: db)
      #expect(second !== first)
      #expect(try Int.fetchOne(second) == 2)
      #expect(prepared.count(in: db) == 2)
    }
  }

  @Test("past its limit a connection drops every statement it kept and starts again")
  func boundedPerConnection() throws {
    let database = try DatabaseQueue()
    let prepared = PreparedQueries(limit: 3)
    try database.read { db in
      let first = try prepared.statement("SELECT 1", in: db)
      for value in 2...3 { _ = try prepared.statement("SELECT \(value)", in: db) }
      #expect(prepared.count(in: db) == 3)
      #expect(try Int.fetchOne(prepared.statement("SELECT 4", in: db)) == 4)
      #expect(prepared.count(in: db) == 1)
      let again = try prepared.statement("SELECT 1", in: db)
      #expect(again !== first, "the first statement was dropped with the others")
      #expect(try Int.fetchOne(again) == 1)
      #expect(prepared.count(in: db) == 2)
    }
  }

  @Test("each connection keeps its own statements")
  func perConnection() throws {
    let one = try DatabaseQueue()
    let other = try DatabaseQueue()
    let prepared = PreparedQueries(limit: 2)
    try one.read { db in for value in 1...2 { _ = try prepared.statement("SELECT \(value)", in: db) } }
    try other.read { db in
      _ = try prepared.statement("SELECT 1", in: db)
      #expect(prepared.count(in: db) == 1)
    }
    try one.read { db in #expect(prepared.count(in: db) == 2) }
  }
}
