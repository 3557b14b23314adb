public import Foundation
import PostgresNIO
public import QuakesData
import QuakesModel

extension PostgresLocalStore {
  /// What a follower finds after the change it took in last.
  public enum Following: Sendable {
    /// Nothing was committed since.
    case unchanged
    /// Every quake was deleted since, or the removals since were pruned
    /// (``PostgresLocalStore/removalsKept``): the follower reads the store
    /// anew (``QuakesAction/Daemon/catchUp``).
    case reload
    /// These changes were committed since; the last of them `lag` before
    /// they were read, by the database's clock.
    case changed(FollowedChanges, lag: Duration)
  }

  /// What a follower reads: the changes committed after `sequence`, from
  /// one snapshot.
  ///
  /// - Parameter liveSince: the start of the follower's live window; the
  ///   count of the cached quakes before it comes with the changes.
  public func changes(after sequence: Int64, liveSince: Date?) async throws -> Following {
    try await self.store.read { connection in
      let (last, purged, removalsSince) = try await Self.head(on: connection)
      guard purged <= sequence, removalsSince <= sequence else { return .reload }
      guard last > sequence else { return .unchanged }
      var diff = QuakesDiff()
      let written = try await connection.rows(
        "SELECT \(unescaped: QuakesTable.selectList), created FROM quakes WHERE changed > \(sequence)")
      for try await row in written {
        let quake = try QuakesTable.quake(row)
        if try row.makeRandomAccess()[QuakesTable.columns.count].decode(Int64.self) > sequence {
          diff.inserted.append(quake)
        } else {
          diff.updated.append(quake)
        }
      }
      diff.deleted = try await Self.quakes(
        "SELECT \(unescaped: QuakesTable.selectList) FROM quakes_removed WHERE changed > \(sequence)",
        on: connection)
      var older = 0
      if let liveSince {
        let since = Timestamp.firstMilliseconds(notBefore: liveSince)
        let count = try await connection.query("SELECT count(*) FROM quakes WHERE time < \(since)")
        older = Int(try count.first?.decode(Int64.self) ?? 0)
      }
      let age = try await connection.query(
        "SELECT (extract(epoch FROM clock_timestamp() - committed_at) * 1000000)::bigint FROM quakesd_head WHERE id = 1"
      )
      let lag = Duration.microseconds(max(0, try age.first?.decode(Int64?.self) ?? 0))
      return .changed(
        FollowedChanges(
          after: sequence, sequence: last, diff: diff, liveSince: liveSince, historyCount: older),
        lag: lag)
    }
  }

  /// The last change committed, and the last purge.
  public func head() async throws -> (sequence: Int64, purged: Int64) {
    try await self.store.read { connection in
      let head = try await Self.head(on: connection)
      return (head.sequence, head.purged)
    }
  }

  /// The last change committed, the last purge, and the last change whose
  /// removals may be pruned, read on `connection`.
  static func head(on connection: StoreConnection) async throws
    -> (sequence: Int64, purged: Int64, removalsSince: Int64)
  {
    let head = try await connection.query("SELECT sequence, purged, removals_since FROM quakesd_head WHERE id = 1")
    guard let head = try head.first?.decode((Int64, Int64, Int64).self) else {
      throw PostgresStoreError("the store has no change head row: its schema was changed by hand")
    }
    return head
  }
}
