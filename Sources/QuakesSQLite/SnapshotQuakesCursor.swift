import Foundation
import GRDB
import QuakesData
import QuakesModel

/// A ``QuakesCursor`` over SQLite: the query's one statement, stepped on a
/// thread of its own in a connection of its own (a GRDB snapshot, so the
/// pool's readers stay free for everyone else), handing its rows over a
/// page at a time (``PageHandoff``). The statement reads on only as the
/// pages are taken, so memory holds about three pages whatever the
/// answer's length, and SQLite walks the matches once.
///
/// Cancelling the task that waits for a page, or dropping the cursor,
/// interrupts the statement and ends the thread; the connection closes
/// when the cursor is gone.
final class SnapshotQuakesCursor: QuakesCursor {
  private let handoff = PageHandoff<[Quake]>()
  /// The cursor's own connection, interrupted when the cursor is given up;
  /// `nil` when it reads through the store's one connection (the
  /// in-memory store of tests, which has no snapshots).
  private let ownConnection: (any DatabaseReader)?

  /// Starts reading `statements`' matches from `reader`, `pageSize` a page.
  init(
    reading statements: QuakesQuerySQL, pageSize: Int, from reader: any DatabaseReader, ownsReader: Bool,
    translating translate: @escaping @Sendable (any Error) -> any Error
  ) {
    self.ownConnection = ownsReader ? reader : nil
    let handoff = self.handoff
    let pageSize = Swift.max(1, pageSize)
    let thread = Thread {
      do {
        if ownsReader {
          try reader.read { db in
            try Self.step(statements, in: db, pageSize: pageSize) { handoff.put($0) }
          }
        } else {
          // The store's one connection: every match read at once, then
          // handed over without holding it.
          var pages: [[Quake]] = []
          try reader.read { db in
            try Self.step(statements, in: db, pageSize: pageSize) {
              pages.append($0)
              return true
            }
          }
          for page in pages {
            guard handoff.put(page) else { break }
          }
        }
        handoff.finish()
      } catch {
        handoff.finish(throwing: translate(error))
      }
    }
    thread.name = "quakes cursor"
    thread.start()
  }

  deinit {
    self.stop()
  }

  func next() async throws -> [Quake]? {
    try await withTaskCancellationHandler {
      try await self.handoff.next()
    } onCancel: {
      self.stop()
    }
  }

  private func stop() {
    self.handoff.cancel()
    self.ownConnection?.interrupt()
  }

  /// Steps the page statement of `statements`, giving each `pageSize`
  /// quakes to `deliver` until the rows or the page's limit run out, or
  /// `deliver` says to stop.
  private static func step(
    _ statements: QuakesQuerySQL, in db: Database, pageSize: Int, deliver: ([Quake]) -> Bool
  ) throws {
    for function in statements.functions { db.add(function: function) }
    defer { for function in statements.functions { db.remove(function: function) } }
    let rows = try QuakeRows(db, sql: statements.pageSQL(.full), arguments: statements.pageArguments(.full))
    // The statement reads one quake past a limited page; the cursor stops at the limit.
    var left = statements.pageSize ?? .max
    var page: [Quake] = []
    page.reserveCapacity(pageSize)
    while left > 0, let quake = try rows.next() {
      page.append(quake)
      left -= 1
      if page.count == pageSize {
        guard deliver(page) else { return }
        page = []
        page.reserveCapacity(pageSize)
      }
    }
    if !page.isEmpty { _ = deliver(page) }
  }
}
