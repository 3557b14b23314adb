import PostgresNIO
import QuakesData
import QuakesModel

/// A cursor over the rows of one statement, read a page at a time from one
/// snapshot: a read-only `REPEATABLE READ` transaction holds a server-side
/// cursor (`DECLARE … CURSOR`) on a connection of its own until the last
/// page was read or the cursor is gone, so memory holds a page, not the answer.
final class PostgresQuakesCursor: QuakesCursor {
  private typealias Request = CheckedContinuation<[Quake]?, any Error>
  private let requests: AsyncStream<Request>.Continuation
  private let reading: Task<Void, Never>

  init(store: PostgresStore, select: PostgresQuery, pageSize: Int) {
    let (stream, requests) = AsyncStream.makeStream(of: Request.self)
    self.requests = requests
    let pageSize = max(pageSize, 1)
    self.reading = Task {
      var pending = stream.makeAsyncIterator()
      do {
        try await store.read(lasting: true) { connection in
          var declare = select
          declare.sql = "DECLARE quakes_page NO SCROLL CURSOR FOR " + select.sql
          // Idle between pages for as long as its client takes: the
          // pool's idle limit is for writers, which hold the lease's row.
          try await connection.query("SET LOCAL idle_in_transaction_session_timeout = 0")
          try await connection.query(declare)
          while let request = await pending.next() {
            do {
              let rows = try await connection.query("FETCH \(unescaped: String(pageSize)) FROM quakes_page")
              let quakes = try rows.map(QuakesTable.quake)
              request.resume(returning: quakes.isEmpty ? nil : quakes)
              if quakes.isEmpty { break }
            } catch {
              request.resume(throwing: error)
              throw error
            }
          }
        }
      } catch {
        // Every later page fails as the read did.
        while let request = await pending.next() {
          request.resume(throwing: PostgresStore.translating(error, at: store.location))
        }
        return
      }
      // Past the last page: nothing more.
      while let request = await pending.next() { request.resume(returning: nil) }
    }
  }

  deinit {
    self.requests.finish()
  }

  func next() async throws -> [Quake]? {
    try Task.checkCancellation()
    return try await withCheckedThrowingContinuation { self.requests.yield($0) }
  }
}
