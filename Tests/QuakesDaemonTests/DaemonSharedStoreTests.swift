import Foundation
import QuakesTestSupport
import Testing
import USGSStandIn

/// Several real quakesd on one PostgreSQL store (docs/ha.md): one leads and
/// polls, the others follow its changes and answer from them; a leader
/// stopped with SIGTERM resigns, and a follower takes over and polls.
@Suite(
  "quakesd on a shared PostgreSQL store",
  .enabled(if: PostgresCluster.programs != nil, Comment(rawValue: PostgresCluster.absent)), .serialized,
  .timeLimit(.minutes(5)))
struct DaemonSharedStoreTests {
  /// The arguments of an instance on `cluster`'s store, polling `standIn`.
  static func arguments(_ cluster: PostgresCluster, _ standIn: USGSStandIn) -> [String] {
    [
      "--store", "postgresql://\(cluster.user)@127.0.0.1:\(cluster.port)/postgres?sslmode=disable",
      "--feed-base-url", standIn.baseURL, "--feed", "all_day",
    ]
  }

  /// The environment of an instance: the password, and `extra`.
  static func environment(_ cluster: PostgresCluster, _ extra: [String: String] = [:]) -> [String: String] {
    QuakesdProcess.environment(adding: ["PGPASSWORD": cluster.password].merging(extra) { $1 })
  }

  static func count(_ daemon: QuakesdProcess) async throws -> Int? {
    try await daemon.query().call(#"{"method":"quakes.count"}"#).result?["count"] as? Int
  }

  static func store(_ daemon: QuakesdProcess) async throws -> [String: Any]? {
    try await daemon.query().call(#"{"method":"quakes.status"}"#).result?["store"] as? [String: Any]
  }

  /// Waits until `daemon` answers `count` quakes.
  static func waitForCount(_ daemon: QuakesdProcess, _ count: Int) async throws {
    let seen = try await poll(until: .now + .seconds(30), every: .milliseconds(100)) {
      try await Self.count(daemon) == count ? true : nil
    }
    #expect(seen == true, "\(daemon.runtimeDirectory) answers \(count) quakes")
  }

  /// Makes `standIn` serve `count` quakes, generated `minute` minutes
  /// after the first feed, has `leader` poll them, and waits until each
  /// of `instances` answers them.
  static func batch(
    polledBy leader: QuakesdProcess, after standIn: USGSStandIn, serves count: Int, minute: Int64,
    reaching instances: [QuakesdProcess]
  ) async throws {
    standIn.setFeed(
      "all_day",
      body: SyntheticFeed.body(ids: SyntheticFeed.ids(count), generated: SyntheticFeed.generated + minute * 60_000))
    _ = try await leader.control().call(#"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
    for instance in instances { try await Self.waitForCount(instance, count) }
  }

  @Test("one instance leads and polls, the others follow; SIGTERM hands the lead over, and the new leader polls")
  func leaderFollowerReader() async throws {
    try await withPostgresCluster { cluster in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(25)))
        let (a, b, c) = try (TemporaryDirectory(), TemporaryDirectory(), TemporaryDirectory())
        defer { [a, b, c].forEach { $0.remove() } }
        let arguments = Self.arguments(cluster, standIn)
        try await withQuakesd(in: a, arguments: arguments, environment: Self.environment(cluster)) { first in
          try await first.child.waitForLine { $0.contains("polled all_day: 25 inserted") }
          #expect(try await Self.store(first)?["role"] as? String == "leader")
          try await withQuakesd(in: b, arguments: arguments, environment: Self.environment(cluster)) { second in
            try await withQuakesd(
              in: c, arguments: arguments, environment: Self.environment(cluster, ["QUAKESD_CANDIDATE": "false"])
            ) { reader in
              try await Self.waitForCount(second, 25)
              try await Self.waitForCount(reader, 25)
              #expect(try await Self.store(second)?["role"] as? String == "follower")
              #expect(try await Self.store(reader)?["role"] as? String == "reader")

              // The leader's next batch reaches the others.
              try await Self.batch(polledBy: first, after: standIn, serves: 30, minute: 1, reaching: [second, reader])

              // SIGTERM: the leader resigns, and the follower takes over.
              first.child.send(signal: SIGTERM)
              #expect(await first.child.waitForExit() == 0)
              #expect(first.child.printed.contains { $0.contains("resigned the lease (term 1)") })
              try await second.child.waitForLine(timeout: .seconds(30)) { $0.contains("leads, in term 2") }
              #expect(try await Self.store(second)?["epoch"] as? Int == 2)
              try await Self.batch(polledBy: second, after: standIn, serves: 35, minute: 2, reaching: [second, reader])
              #expect(try await cluster.psql("SELECT count(*) FROM quakes") == "35")
              #expect(!reader.child.printed.contains { $0.contains("leads, in term") }, "a reader never leads")
            }
          }
        }
      }
    }
  }

  @Test("what a shared store cannot run with is refused at the start, exit 78, the URL's password never shown")
  func refusedSettings() async throws {
    try await withPostgresCluster { cluster in
      try await withUSGSStandIn { standIn in
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = Self.arguments(cluster, standIn)
        let refusals: [(extra: [String], says: String)] = [
          (["--once"], "--once polls and writes alone"),
          (["--ephemeral"], "--ephemeral keeps the cache in memory"),
          (
            ["--store", "postgresql://quakesd:s3cret@127.0.0.1:\(cluster.port)/postgres"],
            "the store URL holds a password"
          ),
        ]
        for (extra, says) in refusals {
          try await withQuakesd(
            in: directory, arguments: arguments + extra, environment: Self.environment(cluster),
            waitForListening: false
          ) { daemon in
            #expect(await daemon.child.waitForExit() == 78, "\(extra)")
            #expect(daemon.child.printed.contains { $0.contains(says) }, "\(extra): \(daemon.child.printed)")
            #expect(!daemon.child.printed.contains { $0.contains("s3cret") })
          }
        }
      }
    }
  }
}
