import Foundation
import QuakesClient
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
  /// The trials of each failure scenario: one in `make test`, as many as
  /// `QUAKES_HA_TRIALS` says otherwise (`make ha-trials` runs issue 35's 20).
  static let trials = Array(
    1...min(max(1, ProcessInfo.processInfo.environment["QUAKES_HA_TRIALS"].flatMap { Int($0) } ?? 1), 1_000))

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

  @Test(
    "one instance leads and polls, the others follow; SIGTERM hands the lead over, and the new leader polls",
    .serialized, arguments: Self.trials)
  func leaderFollowerReader(trial: Int) async throws {
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
              in: c, arguments: arguments + ["--http-listen", "0"],
              environment: Self.environment(cluster, ["QUAKESD_CANDIDATE": "false"])
            ) { reader in
              try await Self.waitForCount(second, 25)
              try await Self.waitForCount(reader, 25)
              #expect(try await Self.store(second)?["role"] as? String == "follower")
              #expect(try await Self.store(reader)?["role"] as? String == "reader")
              for (series, value) in [
                (#"quakesd_store_role{role="follower"}"#, 1.0), (#"quakesd_store_role{role="leader"}"#, 0),
                ("quakesd_store_epoch", 0), ("quakesd_store_change", 1),
              ] {
                #expect(try await second.metric(series) == value, "\(series)")
              }
              let refused = try await reader.control().call(#"{"method":"quakes.refresh","params":{"feed":"all_day"}}"#)
              #expect(
                (refused["error"] as? [String: Any])?["message"] as? String
                  == "this quakesd follows a shared store and does not write it: send quakes.refresh to the leader "
                  + "(quakectl status shows each instance's role)")

              // The leader's next batch reaches the others, and a reader's FDSN event service.
              try await Self.batch(polledBy: first, after: standIn, serves: 30, minute: 1, reaching: [second, reader])
              let service = try #require(
                reader.child.printed.first { $0.contains("serving the FDSN event service on ") }?
                  .split(separator: " ").last.map(String.init))
              let counted = try await Command.run("/usr/bin/curl", ["-sS", service + "count"])
              #expect(counted.output.trimmingCharacters(in: .whitespacesAndNewlines) == "30", "\(counted.errors)")
              // Counts come from the store; the follower's state takes the change in a moment later.
              let lag = try await poll(until: .now + .seconds(10), every: .milliseconds(50)) {
                try await Self.store(second)?["lagSeconds"] as? Double
              }
              #expect(lag.map { $0 >= 0 } == true, "a follower that took in a change shows its lag")

              // SIGTERM: the leader resigns, and the follower takes over.
              let stopped = ContinuousClock.now
              first.child.send(signal: SIGTERM)
              try await second.child.waitForLine(timeout: .seconds(30)) { $0.contains("leads, in term 2") }
              let takeover = ContinuousClock.now - stopped
              #expect(takeover <= .seconds(2), "the follower led \(takeover) after the SIGTERM")
              #expect(await first.child.waitForExit() == 0)
              #expect(first.child.printed.contains { $0.contains("resigned the lease (term 1)") })
              // The status shows the term once the follower stopped following.
              let epoch = try await poll(until: .now + .seconds(10), every: .milliseconds(50)) {
                try await Self.store(second)?["epoch"] as? Int == 2 ? true : nil
              }
              #expect(epoch == true, "the new leader's status shows term 2")
              try await Self.batch(polledBy: second, after: standIn, serves: 35, minute: 2, reaching: [second, reader])
              #expect(try await cluster.psql("SELECT count(*) FROM quakes") == "35")
              #expect(!reader.child.printed.contains { $0.contains("leads, in term") }, "a reader never leads")
              let errors = (second.child.printed + reader.child.printed).filter { $0.contains(" error ") }
              #expect(errors.isEmpty, "a handover is no error: \(errors)")
            }
          }
        }
      }
    }
  }

  /// Logs every move of the change head, with the database's time, in
  /// `head_log`: which term committed what, and when.
  static func logHeadMoves(_ cluster: PostgresCluster) async throws {
    try await cluster.psql(
      """
      CREATE TABLE head_log (sequence bigint, epoch bigint, at timestamptz DEFAULT clock_timestamp());
      CREATE FUNCTION log_head() RETURNS trigger AS $$
        BEGIN INSERT INTO head_log (sequence, epoch) VALUES (NEW.sequence, NEW.epoch); RETURN NEW; END
      $$ LANGUAGE plpgsql;
      CREATE TRIGGER head_log AFTER UPDATE ON quakesd_head FOR EACH ROW EXECUTE FUNCTION log_head();
      """)
  }

  /// Seconds from `since` (an epoch in seconds, the database's clock) to
  /// the first commit of term `epoch`; `nil` when there was none.
  static func firstCommit(of epoch: Int, after since: Double, _ cluster: PostgresCluster) async throws -> Double? {
    let text = try await cluster.psql(
      "SELECT extract(epoch FROM min(at)) - \(since) FROM head_log WHERE epoch = \(epoch)")
    return Double(text)
  }

  static func databaseNow(_ cluster: PostgresCluster) async throws -> Double {
    try #require(Double(try await cluster.psql("SELECT extract(epoch FROM clock_timestamp())")))
  }

  /// Runs `body` with three instances on a fresh store: `first` leads and
  /// has polled 10 quakes, `second` follows with them, and `reader`
  /// (`candidate: false`) too; every move of the change head is logged
  /// (``logHeadMoves(_:)``).
  static func withLeaderAndFollower(
    _ body: (PostgresCluster, USGSStandIn, QuakesdProcess, QuakesdProcess, QuakesdProcess) async throws -> Void
  ) async throws {
    try await withPostgresCluster { cluster in
      try await withUSGSStandIn { standIn in
        standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(10)))
        let (a, b, c) = try (TemporaryDirectory(), TemporaryDirectory(), TemporaryDirectory())
        defer { [a, b, c].forEach { $0.remove() } }
        let arguments = Self.arguments(cluster, standIn)
        try await withQuakesd(in: a, arguments: arguments, environment: Self.environment(cluster)) { first in
          try await first.child.waitForLine { $0.contains("polled all_day: 10 inserted") }
          try await Self.logHeadMoves(cluster)
          try await withQuakesd(in: b, arguments: arguments, environment: Self.environment(cluster)) { second in
            try await withQuakesd(
              in: c, arguments: arguments, environment: Self.environment(cluster, ["QUAKESD_CANDIDATE": "false"])
            ) { reader in
              try await Self.waitForCount(second, 10)
              try await Self.waitForCount(reader, 10)
              try await body(cluster, standIn, first, second, reader)
            }
          }
        }
      }
    }
  }

  /// Kills `leader` (SIGKILL) while USGS has news, `count` quakes in all,
  /// and waits until `follower` leads, in term 2.
  static func kill(
    _ leader: QuakesdProcess, thenLeads follower: QuakesdProcess, while standIn: USGSStandIn, serves count: Int
  ) async throws {
    leader.child.send(signal: SIGKILL)
    _ = await leader.child.waitForExit()
    standIn.setFeed(
      "all_day",
      body: SyntheticFeed.body(ids: SyntheticFeed.ids(count), generated: SyntheticFeed.generated + 60_000))
    try await follower.child.waitForLine(timeout: .seconds(60)) { $0.contains("leads, in term 2") }
  }

  @Test(
    "kill -9 the leader: a follower leads once the lease expires, and commits in the next term within 18 s",
    .serialized, arguments: Self.trials)
  func killedLeader(trial: Int) async throws {
    try await Self.withLeaderAndFollower { cluster, standIn, first, second, reader in
      let killed = try await Self.databaseNow(cluster)
      try await Self.kill(first, thenLeads: second, while: standIn, serves: 12)
      try await second.child.waitForLine(timeout: .seconds(60)) { $0.contains("polled all_day: 2 inserted") }
      let delay = try #require(try await Self.firstCommit(of: 2, after: killed, cluster))
      #expect(delay <= 18, "the first commit of term 2 came \(delay) s after the kill")
      #expect(try await Self.count(second) == 12, "nothing lost")
      try await Self.waitForCount(reader, 12)
    }
  }

  @Test(
    "SIGSTOP the leader, then SIGCONT: a follower takes over; the old leader steps down and commits nothing more",
    .serialized, arguments: Self.trials)
  func stoppedLeader(trial: Int) async throws {
    try await Self.withLeaderAndFollower { cluster, standIn, first, second, reader in
      let stopped = ContinuousClock.now
      first.child.send(signal: SIGSTOP)
      standIn.setFeed(
        "all_day",
        body: SyntheticFeed.body(ids: SyntheticFeed.ids(11), generated: SyntheticFeed.generated + 60_000))
      try await Self.takesOver(second, from: stopped)
      try await Self.resumes(first, committingNothingAfter: try await Self.databaseNow(cluster), cluster)
      try await Self.batch(
        polledBy: second, after: standIn, serves: 12, minute: 2, reaching: [first, second, reader])
    }
  }

  @Test(
    "SIGSTOP the leader in the middle of a write: the server ends its transaction, a follower takes over, and the write never commits",
    .serialized, arguments: Self.trials)
  func stoppedMidWrite(trial: Int) async throws {
    try await Self.withLeaderAndFollower { cluster, standIn, first, second, reader in
      // Another session holds the quakes table, so that the leader's next
      // write, begun with its term checked, waits inside its transaction.
      let holder = Task {
        try await cluster.psql("BEGIN; LOCK TABLE quakes IN EXCLUSIVE MODE; SELECT pg_sleep(120); COMMIT")
      }
      func locks(granted: Bool) async throws -> Int {
        Int(
          try await cluster.psql(
            "SELECT count(*) FROM pg_locks WHERE relation = 'quakes'::regclass AND granted = \(granted)"
              + (granted ? " AND mode = 'ExclusiveLock'" : ""))) ?? 0
      }
      func held() async throws -> String {
        try await cluster.psql(
          """
          SELECT string_agg(concat_ws(' ', l.mode, l.granted, a.application_name, a.state, left(a.query, 80)), '; ')
          FROM pg_locks l JOIN pg_stat_activity a USING (pid) WHERE l.relation = 'quakes'::regclass
          """)
      }
      guard try await poll(until: .now + .seconds(30), every: .milliseconds(20), { try await locks(granted: true) > 0 })
      else {
        Issue.record("the test does not hold the quakes table: \(try await held())")
        return
      }
      standIn.setFeed(
        "all_day",
        body: SyntheticFeed.body(ids: SyntheticFeed.ids(11), generated: SyntheticFeed.generated + 60_000))
      _ = try await first.control().call(#"{"method":"quakes.refresh","params":{"feed":"all_day"}}"#)
      try #require(
        try await poll(until: .now + .seconds(30), every: .milliseconds(20)) { try await locks(granted: false) > 0 },
        "the leader's write waits for the quakes table")

      let stoppedInDatabase = try await Self.databaseNow(cluster)
      let stopped = ContinuousClock.now
      first.child.send(signal: SIGSTOP)
      _ = try await cluster.psql(
        "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE 'BEGIN; LOCK TABLE quakes%'")
      _ = await holder.result
      // The write's statement goes through, and its transaction then sits
      // idle, its rows locked, waiting for a process that does not run.
      let idle = try await poll(until: .now + .seconds(10), every: .milliseconds(20)) {
        try await cluster.psql(
          """
          SELECT count(*) FROM pg_stat_activity
          WHERE application_name = 'quakesd' AND state = 'idle in transaction' AND backend_xid IS NOT NULL
          """) == "1" ? true : nil
      }
      try #require(idle == true, "the stopped leader's write holds its transaction open")
      try await Self.takesOver(second, from: stopped)
      try await Self.resumes(first, committingNothingAfter: stoppedInDatabase, cluster)
      let newID = try #require(SyntheticFeed.ids(11).last)
      let writer = try await cluster.psql(
        "SELECT h.epoch FROM quakes q JOIN head_log h ON h.sequence = q.created WHERE q.id = '\(newID)'")
      #expect(writer == "2", "the new leader's commit of the quake, not the old one's")
      try await Self.batch(
        polledBy: second, after: standIn, serves: 12, minute: 2, reaching: [first, second, reader])
    }
  }

  /// Waits until `follower` leads, in term 2, and has polled the quake the
  /// stopped leader did not: within 18 s of `stopped`.
  static func takesOver(_ follower: QuakesdProcess, from stopped: ContinuousClock.Instant) async throws {
    try await follower.child.waitForLine(timeout: .seconds(60)) { $0.contains("leads, in term 2") }
    let takeover = ContinuousClock.now - stopped
    #expect(takeover <= .seconds(18), "the follower led \(takeover) after the leader stopped")
    try await follower.child.waitForLine(timeout: .seconds(60)) { $0.contains("polled all_day: 1 inserted") }
  }

  /// SIGCONTs the stopped `leader`, which resumes believing it leads and
  /// is asked to poll at once: it steps down within 1 s, follows, and no
  /// commit of its term 1 lands after `since` (the database's clock).
  static func resumes(
    _ leader: QuakesdProcess, committingNothingAfter since: Double, _ cluster: PostgresCluster
  ) async throws {
    let continued = ContinuousClock.now
    leader.child.send(signal: SIGCONT)
    let refresh = Task {
      _ = try? await leader.control().call(#"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
    }
    try await leader.child.waitForLine(timeout: .seconds(30)) { $0.contains("stepped down from term 1") }
    let steppedDown = ContinuousClock.now - continued
    #expect(steppedDown <= .seconds(1), "the old leader stepped down \(steppedDown) after it resumed")
    _ = await refresh.value
    let late = try await cluster.psql(
      "SELECT count(*) FROM head_log WHERE epoch = 1 AND extract(epoch FROM at) > \(since)")
    #expect(late == "0", "no commit of term 1 after the old leader stopped or resumed")
    let role = try await poll(until: .now + .seconds(10), every: .milliseconds(100)) {
      try await Self.store(leader)?["role"] as? String == "follower" ? true : nil
    }
    #expect(role == true, "the old leader follows")
  }

  @Test(
    "cut the leader off from PostgreSQL for 60 s, then heal: a follower takes over, the old one steps down and commits nothing",
    .enabled(if: NetworkNamespace.isAvailable, Comment(rawValue: NetworkNamespace.absent)), .serialized,
    arguments: Self.trials)
  func partitionedLeader(trial: Int) async throws {
    try await withNetworkNamespace { namespace in
      try await withPostgresCluster(alsoListeningOn: namespace.serverAddress) { cluster in
        try await withUSGSStandIn(host: namespace.serviceAddress) { standIn in
          standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(10)))
          let (a, b) = try (TemporaryDirectory(), TemporaryDirectory())
          defer { [a, b].forEach { $0.remove() } }
          // The leader runs in the namespace and reaches PostgreSQL at the address the test cuts.
          let cutOff = [
            "--store",
            "postgresql://\(cluster.user)@\(namespace.serverAddress):\(cluster.port)/postgres?sslmode=disable",
            "--feed-base-url", standIn.baseURL, "--feed", "all_day",
          ]
          try await withQuakesd(
            in: a, arguments: cutOff, environment: Self.environment(cluster), launcher: namespace.launcher
          ) { first in
            try await first.child.waitForLine { $0.contains("polled all_day: 10 inserted") }
            try await Self.logHeadMoves(cluster)
            try await withQuakesd(
              in: b, arguments: Self.arguments(cluster, standIn), environment: Self.environment(cluster)
            ) { second in
              try await Self.waitForCount(second, 10)
              let cut = try await Self.databaseNow(cluster)
              let heal = ContinuousClock.now + .seconds(60)
              try await namespace.cut()
              standIn.setFeed(
                "all_day",
                body: SyntheticFeed.body(ids: SyntheticFeed.ids(11), generated: SyntheticFeed.generated + 60_000))
              try await second.child.waitForLine(timeout: .seconds(60)) { $0.contains("leads, in term 2") }
              try await second.child.waitForLine(timeout: .seconds(60)) { $0.contains("polled all_day: 1 inserted") }
              let delay = try #require(try await Self.firstCommit(of: 2, after: cut, cluster))
              #expect(delay <= 18, "the first commit of term 2 came \(delay) s after the cut")
              // Cut off, the old leader steps down by its own clock. The
              // others answer; it answers what its state holds, and a
              // question for the store with an error in 20 s, not after
              // TCP's many minutes.
              try await first.child.waitForLine(timeout: .seconds(60)) { $0.contains("stepped down from term 1") }
              #expect(try await Self.count(second) == 11)
              #expect(try await Self.store(first)?["role"] as? String == "follower")
              let unanswered = try await first.query().call(#"{"method":"quakes.count"}"#, timeout: .seconds(40))
              let message = (unanswered["error"] as? [String: Any])?["message"] as? String ?? "\(unanswered)"
              #expect(message.contains("did not answer within 20 s"), "\(message)")

              try await ContinuousClock().sleep(until: heal)
              try await namespace.heal()
              let refresh = try await first.control().call(
                #"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
              #expect(
                (refresh["error"] as? [String: Any])?["code"] as? String == "quakes.Unavailable",
                "healed, the old leader follows and does not poll")
              let late = try await cluster.psql(
                "SELECT count(*) FROM head_log WHERE epoch = 1 AND extract(epoch FROM at) > \(cut)")
              #expect(late == "0", "no commit of term 1 after the cut")
              // Healed, it takes in what it missed, then the next batch.
              try await Self.waitForCount(first, 11)
              try await Self.batch(polledBy: second, after: standIn, serves: 12, minute: 2, reaching: [first, second])
            }
          }
        }
      }
    }
  }

  @Test(
    "PostgreSQL restarted under load: every instance reconnects and catches up, and nothing is lost",
    .serialized, arguments: Self.trials)
  func restartedStore(trial: Int) async throws {
    try await Self.withLeaderAndFollower { cluster, standIn, first, second, reader in
      // Load: the leader is asked to poll a new batch again and again, the
      // follower to count, while the server crashes and comes back.
      let load = Task {
        var count = 10
        while !Task.isCancelled {
          count += 1
          standIn.setFeed(
            "all_day",
            body: SyntheticFeed.body(
              ids: SyntheticFeed.ids(count), generated: SyntheticFeed.generated + Int64(count) * 60_000))
          _ = try? await first.control().call(#"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
          _ = try? await Self.count(second)
        }
      }
      func stored() async throws -> Int { Int(try await cluster.psql("SELECT count(*) FROM quakes")) ?? 0 }
      let written = try await poll(until: .now + .seconds(30), every: .milliseconds(50)) {
        try await stored() >= 15 ? true : nil
      }
      try #require(written == true, "the leader writes under load")
      try await cluster.restart(mode: "immediate")
      let before = try await stored()
      let resumed = try await poll(until: .now + .seconds(60), every: .milliseconds(100)) {
        try await stored() >= before + 5 ? true : nil
      }
      try #require(resumed == true, "writes resume after the restart")
      load.cancel()
      _ = await load.value
      // Whoever leads now writes the last batch, and both take it in.
      let leader = try await Self.store(first)?["role"] as? String == "leader" ? first : second
      try await Self.batch(
        polledBy: leader, after: standIn, serves: 200, minute: 500, reaching: [first, second, reader])
      #expect(try await cluster.psql("SELECT count(*) FROM quakes") == "200")
      let roles = [try await Self.store(first)?["role"] as? String, try await Self.store(second)?["role"] as? String]
      #expect(roles.sorted { ($0 ?? "") < ($1 ?? "") } == ["follower", "leader"], "one leads, one follows: \(roles)")
    }
  }

  @Test("a follower's watchers see the leader's changes, through their filters too, as the leader's watchers do")
  func followersWatch() async throws {
    try await Self.withLeaderAndFollower { _, standIn, first, second, _ in
      // Quakes of the last hour: inside the follower's live window, where
      // its state holds each quake as it was before a change.
      let now = Int64(Date().timeIntervalSince1970 * 1000)
      func feed(_ magnitudes: [(String, Double)], generated: Int64) -> String {
        SyntheticFeed.body(
          ids: [], generated: generated,
          extraFeatures: magnitudes.map {
            SyntheticFeed.feature(id: $0.0, time: "\(now - 3_600_000)", magnitude: "\($0.1)")
          })
      }
      let rounds = [
        feed([("a", 5.0), ("b", 3.0), ("c", 5.0), ("d", 5.0)], generated: now),
        feed([("a", 5.5), ("b", 5.0), ("c", 3.0), ("e", 6.0), ("f", 2.0)], generated: now + 60_000),
      ]
      // Each instance's watchers: everything, and magnitude 4.5 and above.
      var watchers: [(everything: LineConnection, filtered: LineConnection)] = []
      for instance in [first, second] {
        let everything = try instance.query()
        try everything.send(#"{"id":"e","method":"quakes.watch","more":true}"# + "\n")
        let filtered = try instance.query()
        try filtered.send(#"{"id":"f","method":"quakes.watch","params":{"minMagnitude":4.5},"more":true}"# + "\n")
        for watcher in [everything, filtered] {
          #expect(try await watcher.readObject().result?["event"] as? String == "status")
        }
        watchers.append((everything, filtered))
      }
      var seen: [[String: Set<String>]] = []
      for (minute, body) in rounds.enumerated() {
        standIn.setFeed("all_day", body: body)
        _ = try await first.control().call(#"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
        for (leader, follower) in [
          (watchers[0].everything, watchers[1].everything), (watchers[0].filtered, watchers[1].filtered),
        ] {
          let expected = try await WatchFilterTests.changes(of: leader)
          let followed = try await WatchFilterTests.changes(of: follower)
          #expect(followed == expected, "round \(minute)")
          seen.append(expected)
        }
      }
      #expect(seen[3] == ["inserted": ["b", "e"], "updated": ["a"], "deleted": ["c", "d"]], "the filtered view")
      // A delete on the leader reaches the follower's watchers, whole: the filter still sees its magnitude.
      _ = try await first.control().call(#"{"method":"quakes.delete","params":{"id":"e"}}"#)
      for watcher in [watchers[1].everything, watchers[1].filtered] {
        #expect(try await WatchFilterTests.changes(of: watcher) == ["inserted": [], "updated": [], "deleted": ["e"]])
      }
    }
  }

  /// What an alerting test runs in: a store, a webhook receiver, USGS
  /// serving `quakes` quakes, two directories, and the arguments of an
  /// instance whose one rule `all` sends every quake to the receiver
  /// (`webhook`, the channel's YAML with `URL` for the receiver's).
  static func withAlerting(
    quakes: Int, webhook: String = #""URL""#,
    _ body: (PostgresCluster, WebhookReceiver, USGSStandIn, [String], TemporaryDirectory, TemporaryDirectory)
      async throws -> Void
  ) async throws {
    try await withPostgresCluster { cluster in
      try await withWebhookReceiver { receiver in
        try await withUSGSStandIn { standIn in
          standIn.setFeed("all_day", body: SyntheticFeed.body(ids: SyntheticFeed.ids(quakes)))
          let (a, b) = try (TemporaryDirectory(), TemporaryDirectory())
          defer { [a, b].forEach { $0.remove() } }
          let configuration = a.file("quakesd.conf")
          try """
          alerts:
            all: {max-age: 6000d, webhook: \(webhook.replacingOccurrences(of: "URL", with: receiver.url()))}
          """.write(toFile: configuration, atomically: true, encoding: .utf8)
          let arguments = Self.arguments(cluster, standIn) + ["--config", configuration]
          try await body(cluster, receiver, standIn, arguments, a, b)
        }
      }
    }
  }

  @Test(
    "alerts once across instances: the leader creates each firing once, one instance delivers it, across a kill",
    .serialized, arguments: Self.trials)
  func alertsOnce(trial: Int) async throws {
    try await Self.withAlerting(quakes: 10) { cluster, receiver, standIn, arguments, a, b in
      func delivered(_ count: Int) async throws {
        let done = try await poll(until: .now + .seconds(60), every: .milliseconds(100)) {
          try await cluster.psql("SELECT count(*) FROM alert_deliveries WHERE state = 'delivered'") == "\(count)"
            ? true : nil
        }
        try #require(done == true, "\(count) deliveries recorded")
        let keys = receiver.received.compactMap { $0.headers["idempotency-key"] }
        #expect(keys.count == count && Set(keys).count == count, "each firing arrived once: \(keys.count)")
      }
      try await withQuakesd(in: a, arguments: arguments, environment: Self.environment(cluster)) { first in
        try await withQuakesd(in: b, arguments: arguments, environment: Self.environment(cluster)) { second in
          try await delivered(10)
          try await Self.kill(first, thenLeads: second, while: standIn, serves: 12)
          try await delivered(12)
          #expect(
            try await cluster.psql("SELECT count(*) FROM alert_firings") == "12", "each firing created once")
        }
      }
    }
  }

  @Test(
    "kill an instance during a delivery: another sends it again once the claim ends, same key, counted as a repeat",
    .serialized, arguments: Self.trials)
  func killedDuringADelivery(trial: Int) async throws {
    // A claim lasts the attempt's timeout and 30 s for the hosts' clocks.
    try await Self.withAlerting(quakes: 1, webhook: #"{url: "URL", timeout: 1s}"#) {
      cluster, receiver, _, arguments, a, b in
      receiver.answer(.never)
      try await withQuakesd(in: a, arguments: arguments, environment: Self.environment(cluster)) { first in
        // The leader begins the one delivery; its receiver holds it.
        _ = try await receiver.waitForRequests(1)
        try await withQuakesd(in: b, arguments: arguments, environment: Self.environment(cluster)) { second in
          try await Self.waitForCount(second, 1)
          first.child.send(signal: SIGKILL)
          _ = await first.child.waitForExit()
          receiver.answer(.statuses([]))
          let delivered = try await poll(until: .now + .seconds(90), every: .milliseconds(200)) {
            try await cluster.psql("SELECT state FROM alert_deliveries") == "delivered" ? true : nil
          }
          try #require(delivered == true, "the other instance delivered it")
          let keys = receiver.received.compactMap { $0.headers["idempotency-key"] }
          #expect(keys.count == 2 && Set(keys).count == 1, "sent again once, with the same key: \(keys)")
          #expect(try await second.metric("quakesd_alert_repeats_total") == 1, "the repeat is counted")
          #expect(try await second.metric(#"quakesd_alert_attempts_total{outcome="delivered"}"#) == 1)
          #expect(
            try await cluster.psql("SELECT string_agg(outcome, ',' ORDER BY number) FROM alert_attempts")
              == "interrupted,delivered")
          #expect(try await cluster.psql("SELECT count(*) FROM alert_firings") == "1", "created once")
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
