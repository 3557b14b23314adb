import Foundation
import Logging
import QuakesData
import QuakesModel
import QuakesPostgres
import QuakesSQLite
import QuakesTestSupport
import USGSStandIn

extension SharedStoreBenchmark {
  /// The leader's write of one batch, in milliseconds, on each store.
  struct WriteFigures {
    var postgresInserts = Samples()
    var sqliteInserts = Samples()
    var postgresUpdates = Samples()
    var sqliteUpdates = Samples()
  }

  /// ``batch`` new quakes, then the same again as updates, written `rounds`
  /// times by each store; the stores take turns, so neither runs on a
  /// warmer machine. Each round writes quakes of its own, so each insert
  /// inserts and each update replaces.
  func writes() async throws -> WriteFigures {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let sqlite = try SQLiteLocalStore(path: directory.file("quakes.sqlite"))
    let cluster = try await PostgresCluster.start(durable: true)
    var figures = WriteFigures()
    do {
      let store = try await Self.store(on: cluster)
      let postgres = PostgresLocalStore(store: store)
      guard let term = try await LeaderLease(store: store, candidate: "quakes-bench").acquire() else {
        throw MeasuredRun.Failure(description: "the benchmark's own cluster has a leader already")
      }
      await postgres.writer.lead(term)
      var random = SplitMix64(seed: 0x5348_4152)
      let quakes = RandomCatalogue.quakes(count: self.batch * (self.rounds + 1), using: &random)
      let clock = ContinuousClock()
      func timed(_ write: () async throws -> Void) async throws -> Double {
        let start = clock.now
        try await write()
        return (clock.now - start).milliseconds
      }
      for round in 0...self.rounds {
        let slice = Array(quakes[(round * self.batch)..<((round + 1) * self.batch)])
        let (inserted, updated) = (QuakesDiff(inserted: slice), QuakesDiff(updated: slice))
        // Round 0 warms both up: connections, statements, pages.
        let warm = round > 0
        let postgresInsert = try await timed {
          try await postgres.didFetchRemoteQuakesMutation(feed: .allDay, record: FeedRecord(), diff: inserted)
        }
        let sqliteInsert = try await timed {
          try await sqlite.didFetchRemoteQuakesMutation(feed: .allDay, record: FeedRecord(), diff: inserted)
        }
        let sqliteUpdate = try await timed {
          try await sqlite.didFetchRemoteQuakesMutation(feed: .allDay, record: FeedRecord(), diff: updated)
        }
        let postgresUpdate = try await timed {
          try await postgres.didFetchRemoteQuakesMutation(feed: .allDay, record: FeedRecord(), diff: updated)
        }
        guard warm else { continue }
        figures.postgresInserts.append(postgresInsert)
        figures.sqliteInserts.append(sqliteInsert)
        figures.postgresUpdates.append(postgresUpdate)
        figures.sqliteUpdates.append(sqliteUpdate)
      }
      let expected = self.batch * (self.rounds + 1)
      let written = try await cluster.psql("SELECT count(*) FROM quakes")
      guard written == "\(expected)" else {
        throw MeasuredRun.Failure(description: "PostgreSQL holds \(written) quakes after the writes, not \(expected)")
      }
      await store.close()
    } catch {
      await cluster.stop()
      throw error
    }
    await cluster.stop()
    return figures
  }

  /// A connection pool to `cluster`'s store, as quakesd makes one.
  static func store(on cluster: PostgresCluster) async throws -> PostgresStore {
    let location = try PostgresLocation(url: Self.url(of: cluster), environment: [:], userName: "quakes-bench")
    return try await PostgresStore(
      location: location, password: cluster.password, logger: Logger(label: "quakes-bench"))
  }

  /// The store's URL, without the password.
  static func url(of cluster: PostgresCluster) -> String {
    "postgresql://\(cluster.user)@127.0.0.1:\(cluster.port)/postgres?sslmode=disable"
  }
}
