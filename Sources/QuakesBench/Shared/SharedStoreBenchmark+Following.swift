import Foundation
import QuakesClient
import QuakesTestSupport
import USGSStandIn

extension SharedStoreBenchmark {
  /// One question asked of the leader and of the follower, in milliseconds.
  struct QueryFigures {
    let title: String
    var leader = Samples()
    var follower = Samples()
  }

  /// A question of ``queries(leader:follower:)``: the params' members
  /// without `until`, which each request gets of its own, and whether the
  /// answer is a count.
  private struct Question {
    let title: String
    let method: String
    let params: String

    func request(_ index: Int) -> String {
      #"{"id":\#(index),"method":"\#(self.method)","params":{\#(self.params),"until":"\#(DistinctUntil.iso8601(index))"}}"#
        + "\n"
    }
  }

  private static let questions = [
    Question(title: "count of magnitude 4 and above", method: "quakes.count", params: #""minMagnitude":4"#),
    Question(title: "the newest 100", method: "quakes.list", params: #""limit":100"#),
    Question(
      title: "the newest 100 within 50 km of a point", method: "quakes.list",
      params: #""near":{"latitude":37.25,"longitude":-122.5,"radiusKm":50},"limit":100"#),
  ]

  /// When the run started, in epoch milliseconds.
  private static let started = Int64(Date().timeIntervalSince1970 * 1000)

  /// How many quakes the store holds before the rounds: enough that a
  /// query reads a catalogue, few enough that USGS's feed could carry them.
  var catalogueSize: Int { self.rounds < 5 ? 500 : 20_000 }

  /// How many polls the lag is measured over: enough for a 99th percentile.
  var lagRounds: Int { self.rounds * 5 }

  /// The follower's lag behind the leader in each of ``rounds`` polls, and
  /// the same questions asked of both.
  func followerLagAndQueries() async throws -> (lag: Samples, queries: [QueryFigures]) {
    let cluster = try await PostgresCluster.start(durable: true)
    do {
      let result = try await withUSGSStandIn { standIn in
        try await self.withLeaderAndFollower(cluster, standIn) { leader, follower in
          let lag = try await self.lag(leader: leader, follower: follower, standIn: standIn, cluster: cluster)
          return (lag, try await self.queries(leader: leader, follower: follower))
        }
      }
      await cluster.stop()
      return result
    } catch {
      await cluster.stop()
      throw error
    }
  }

  /// The feed of the catalogue and `extra` quakes more, generated at
  /// `generated`; magnitudes from 0.1 to 7.0 (quakesd keeps no quake of
  /// magnitude 0 or below, as the Quakes sample's reducer).
  private func feed(extra: Int, generated: Int64) -> String {
    // The quakes' times, as `generated`, count from the start of the run,
    // so that a quake polled again is unchanged: each round writes its one
    // new quake, and the follower's watcher gets one line.
    let now = Self.started
    return SyntheticFeed.body(
      ids: [], generated: generated,
      extraFeatures: (0..<(self.catalogueSize + extra)).map { index in
        SyntheticFeed.feature(
          id: "sb\(index)", time: "\(now - 3_600_000 - Int64(index) * 1_000)",
          magnitude: "\(Double(index % 70 + 1) / 10)")
      })
  }

  /// Runs `body` with two quakesd on `cluster`'s store polling `standIn`:
  /// the first leads and has written the catalogue, the second follows with it.
  private func withLeaderAndFollower<Result: Sendable>(
    _ cluster: PostgresCluster, _ standIn: USGSStandIn,
    _ body: (QuakesdProcess, QuakesdProcess) async throws -> Result
  ) async throws -> Result {
    standIn.setFeed("all_day", body: self.feed(extra: 0, generated: Self.started))
    let (a, b) = try (TemporaryDirectory(), TemporaryDirectory())
    defer { [a, b].forEach { $0.remove() } }
    let arguments = [
      "--store", Self.url(of: cluster), "--feed-base-url", standIn.baseURL, "--feed", "all_day",
    ]
    let environment = QuakesdProcess.environment(adding: ["PGPASSWORD": cluster.password])
    return try await withQuakesd(in: a, arguments: arguments, environment: environment) { leader in
      try await leader.child.waitForLine(timeout: .seconds(300)) {
        $0.contains("polled all_day: \(self.catalogueSize) inserted")
      }
      return try await withQuakesd(in: b, arguments: arguments, environment: environment) { follower in
        let caughtUp = try await poll(until: .now + .seconds(300), every: .milliseconds(100)) {
          let count = try await follower.query().call(#"{"method":"quakes.count"}"#)
          return (count["result"] as? [String: Any])?["count"] as? Int == self.catalogueSize ? true : nil
        }
        guard caughtUp == true else {
          throw MeasuredRun.Failure(description: "the follower did not take in the leader's catalogue")
        }
        return try await body(leader, follower)
      }
    }
  }

  /// Each round the leader polls one new quake; the lag is from the
  /// commit (`quakesd_head.committed_at`, the server's clock) to the
  /// follower's watcher getting the change (this host's clock: the same
  /// one, the server runs here).
  private func lag(
    leader: QuakesdProcess, follower: QuakesdProcess, standIn: USGSStandIn, cluster: PostgresCluster
  ) async throws -> Samples {
    let watcher = try follower.query()
    try watcher.send(#"{"id":"w","method":"quakes.watch","more":true}"# + "\n")
    _ = try await watcher.readObject()
    nonisolated(unsafe) let following = watcher
    var lag = Samples()
    for round in 1...self.lagRounds {
      standIn.setFeed("all_day", body: self.feed(extra: round, generated: Self.started + Int64(round) * 60_000))
      let arrival = Task {
        try await onAThreadOfItsOwn { () throws -> Date in
          while true {
            let event = try following.readObjectOnThisThread(timeout: .seconds(60))
            if (event["result"] as? [String: Any])?["event"] as? String == "changes" { return Date() }
          }
        }
      }
      let refresh = try await leader.control().call(
        #"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#, timeout: .seconds(60))
      let outcome = ((refresh["result"] as? [String: Any])?["feeds"] as? [[String: Any]])?.first?["outcome"]
      guard outcome as? String == "written" else {
        arrival.cancel()
        throw MeasuredRun.Failure(description: "round \(round): the leader's poll was not written: \(refresh)")
      }
      let arrived = try await arrival.value
      guard
        let committed = Double(
          try await cluster.psql("SELECT extract(epoch FROM committed_at) FROM quakesd_head WHERE id = 1"))
      else {
        throw MeasuredRun.Failure(description: "round \(round): the change head has no commit time")
      }
      lag.append((arrived.timeIntervalSince1970 - committed) * 1_000)
    }
    return lag
  }

  /// Each question asked of the leader and of the follower in turn, on one
  /// connection to each, after three unmeasured rounds.
  private func queries(leader: QuakesdProcess, follower: QuakesdProcess) async throws -> [QueryFigures] {
    let connections = try [leader.query(), follower.query()]
    nonisolated(unsafe) let (toLeader, toFollower) = (connections[0], connections[1])
    let requests = max(self.rounds, 5) * 5
    var figures: [QueryFigures] = []
    for (number, question) in Self.questions.enumerated() {
      let measured = try await onAThreadOfItsOwn { () throws -> (Samples, Samples) in
        var (leader, follower) = (Samples(), Samples())
        for index in 0..<(requests + 3) {
          let request = Data(question.request(number * 100_000 + index).utf8)
          // In turn, each side first every other round: neither warms the store for the other.
          let sides = [(toLeader, true), (toFollower, false)]
          for (connection, isLeader) in index.isMultiple(of: 2) ? sides : sides.reversed() {
            let start = ContinuousClock.now
            try connection.send(request)
            let line = try connection.readLine(until: .now + .seconds(60))
            let elapsed = (ContinuousClock.now - start).milliseconds
            try Self.check(line, of: question.title)
            guard index >= 3 else { continue }
            if isLeader { leader.append(elapsed) } else { follower.append(elapsed) }
          }
        }
        return (leader, follower)
      }
      figures.append(QueryFigures(title: question.title, leader: measured.0, follower: measured.1))
    }
    return figures
  }

  /// Fails unless `line` is a result with quakes or a count above 0.
  private static func check(_ line: Data, of title: String) throws {
    let object = try JSONSerialization.jsonObject(with: line) as? [String: Any]
    let result = object?["result"] as? [String: Any]
    let answered = ((result?["quakes"] as? [Any])?.count ?? 0) + ((result?["count"] as? Int) ?? 0)
    guard answered > 0 else {
      throw MeasuredRun.Failure(description: "\(title): \(String(decoding: line.prefix(300), as: UTF8.self))")
    }
  }
}
