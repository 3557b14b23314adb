import GRDB
import QuakesSQLite
import Testing

/// A read within a bound of time: its value when it finishes in time,
/// `nil` when it is interrupted, and the connection as it was.
@Suite struct BoundedReadTests {
  /// A count over `rows` rows of a recursive sequence: work that grows with `rows`.
  static let countSQL = """
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT count(*) FROM n
    """

  @Test("a read within the bound gives its value; one past it gives nil; the connection reads on, unbounded")
  func boundedRead() throws {
    // 100 rows take microseconds; a million take hundreds of milliseconds.
    let queue = try DatabaseQueue()
    try queue.read { db in
      // A bound a stalled thread does not reach, for what takes microseconds.
      let small = try BoundedRead.value(in: db, within: .seconds(5)) {
        try Int.fetchOne($0, sql: Self.countSQL, arguments: [100])
      }
      #expect(small == 100)
      let large = try BoundedRead.value(in: db, within: .milliseconds(20)) {
        try Int.fetchOne($0, sql: Self.countSQL, arguments: [1_000_000])
      }
      #expect(large == nil, "a million rows take more than 20 ms")
      let unbounded = try Int.fetchOne(db, sql: Self.countSQL, arguments: [1_000_000])
      #expect(unbounded == 1_000_000, "the bound is gone")
    }
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT 1") } == 1)
  }

  @Test("no time at all gives nil without reading; errors other than the interruption are thrown")
  func noStepsAndErrors() throws {
    let queue = try DatabaseQueue()
    try queue.read { db in
      var read = false
      let value: Void? = try BoundedRead.value(in: db, within: .zero) { _ in read = true }
      #expect(value == nil && !read)
      #expect(throws: DatabaseError.self) {
        try BoundedRead.value(in: db, within: .milliseconds(20)) {
          try Int.fetchOne($0, sql: "SELECT nothing FROM nowhere")
        }
      }
    }
  }

  @Test("a cached statement, prepared before the bound as the store does, interrupted, answers whole the next time")
  func cachedStatementAgain() throws {
    let queue = try DatabaseQueue()
    try queue.read { db in
      let statement = try db.cachedStatement(sql: Self.countSQL)
      let interrupted = try BoundedRead.value(in: db, within: .milliseconds(1)) { _ in
        try Int.fetchOne(statement, arguments: [1_000_000])
      }
      #expect(interrupted == nil)
      let again = try db.cachedStatement(sql: Self.countSQL)
      let whole = try BoundedRead.value(in: db, within: .seconds(60)) { _ in
        try Int.fetchOne(again, arguments: [1_000])
      }
      #expect(whole == 1_000)
      #expect(try Int.fetchOne(db.cachedStatement(sql: Self.countSQL), arguments: [1_000_000]) == 1_000_000)
    }
  }
}
