import Foundation
import QuakesTestSupport

/// Queries served under load: `quakes-bench load` (a process of its own)
/// keeps pipelined connections (32 in the full run) busy with one kind of query, first
/// against quakesd's query socket, then against datasette's JSON API on the
/// peer's file of the same quakes, alternating which goes first from round
/// to round.
///
/// quakesd caches encoded `quakes.list` results by their params (ListCache),
/// so ``Query/list`` asks the same question every time, which every request
/// after the first is answered from that cache, and ``Query/listDistinct``
/// asks it with parameters of its own on every request (``DistinctUntil``),
/// which no cache can answer: the report shows both, named.
struct ServedQueryComparison {
  /// The kinds of query, each as quakesd's request lines and datasette's
  /// request targets (database `peer`, table `quakes`).
  enum Query: String, CaseIterable {
    case count, get, list, listDistinct
    /// Issue 16's questions, each asked the first time (distinct params):
    /// what a script meets, since it rarely repeats a query exactly.
    case newest20, largest10, searchAlaska, minMagnitude4, lastThreeDays, mostSignificant10, near500km

    /// The loads under many pipelined connections.
    static let underLoad: [Query] = [.count, .get, .list, .listDistinct]
    /// The first answers, asked one at a time.
    static let firstAnswers: [Query] = [
      .newest20, .largest10, .searchAlaska, .minMagnitude4, .lastThreeDays, .mostSignificant10, .near500km,
    ]

    /// The report's name of the query, saying which answers come from a cache.
    var title: String {
      switch self {
      case .count: "count"
      case .get: "get one quake by id"
      case .list: "list, newest 100, the same params every request (quakesd: from its ListCache)"
      case .listDistinct: "list, newest 100, distinct params every request (uncached)"
      case .newest20: "newest 20"
      case .largest10: "largest 10 (sort magnitude, reverse)"
      case .searchAlaska: "search \"alaska\", newest 20"
      case .minMagnitude4: "magnitude ≥ 4, newest 20"
      case .lastThreeDays: "the last 3 days, newest 20"
      case .mostSignificant10: "most significant 10 (sort significance, reverse)"
      case .near500km: "within 500 km of Anchorage, newest 20"
      }
    }

    /// Whether every request must differ from every other of its run: the
    /// load generator then sends each line once (`--each-once`) and fails
    /// if the run needs more than the file holds.
    var isDistinct: Bool { self != .count && self != .get && self != .list }

    /// quakesd's params (besides `until`) and datasette's query string
    /// (besides `time__lt`) of a first-answer query. Neither side counts
    /// the matches: quakesd's list counts only when asked (protocol 2), and
    /// datasette's array shape does not (its default shape would, but also
    /// suggests facets, 3.2 s a request at 100,000 quakes).
    private func firstAnswer(newest: Int64) -> (ours: String, peer: String?) {
      let since = newest - 3 * 86_400_000
      switch self {
      case .newest20: return (#""limit":20"#, "_sort_desc=time&_size=20")
      case .largest10: return (#""sort":"magnitude","order":"reverse","limit":10"#, "_sort_desc=mag&_size=10")
      case .searchAlaska: return (#""search":"alaska","limit":20"#, "_sort_desc=time&_size=20&place__contains=alaska")
      case .minMagnitude4: return (#""minMagnitude":4,"limit":20"#, "_sort_desc=time&_size=20&mag__gte=4")
      case .lastThreeDays:
        return (
          #""since":"\#(Date(timeIntervalSince1970: Double(since) / 1_000).formatted(.iso8601))","limit":20"#,
          "_sort_desc=time&_size=20&time__gte=\(since)"
        )
      case .mostSignificant10:
        return (#""sort":"significance","order":"reverse","limit":10"#, "_sort_desc=sig&_size=10")
      // datasette has no distance (SpatiaLite is not loaded): quakesd alone.
      case .near500km: return (#""near":{"latitude":61.2,"longitude":-149.9,"radiusKm":500},"limit":20"#, nil)
      case .count, .get, .list, .listDistinct: return ("", nil)
      }
    }

    /// quakesd's request lines and datasette's targets: for `get`, one per
    /// id; for a distinct query, `distinctCount` of each, request `i` asking
    /// its question before ``DistinctUntil/date(_:)`` `i` on both sides
    /// (`newest`, the newest quake's time in epoch milliseconds, places
    /// "the last 3 days").
    func requests(ids: [String], distinctCount: Int, newest: Int64 = 0) -> (ours: [String], peer: [String]) {
      let list = "/peer/quakes.json?_sort_desc=time&_size=100&_shape=array&_nocount=1"
      switch self {
      case .count:
        return ([#"{"method":"quakes.count"}"#], ["/peer.json?sql=select+count(*)+from+quakes&_shape=array"])
      case .get:
        return (
          ids.map { #"{"method":"quakes.get","params":{"id":"\#($0)"}}"# },
          ids.map { "/peer/quakes/\($0).json?_shape=array" }
        )
      case .list:
        return ([#"{"method":"quakes.list","params":{"limit":100}}"#], [list])
      case .listDistinct:
        return (
          (0..<distinctCount).map {
            #"{"method":"quakes.list","params":{"limit":100,"until":"\#(DistinctUntil.iso8601($0))"}}"#
          },
          (0..<distinctCount).map { list + "&time__lt=\(DistinctUntil.milliseconds($0))" }
        )
      case .newest20, .largest10, .searchAlaska, .minMagnitude4, .lastThreeDays, .mostSignificant10, .near500km:
        let (ours, peer) = self.firstAnswer(newest: newest)
        return (
          (0..<distinctCount).map {
            #"{"method":"quakes.list","params":{\#(ours),"until":"\#(DistinctUntil.iso8601($0))"}}"#
          },
          peer.map { peer in
            (0..<distinctCount).map {
              "/peer/quakes.json?\(peer)&_shape=array&time__lt=\(DistinctUntil.milliseconds($0))"
            }
          } ?? []
        )
      }
    }
  }

  /// The kinds of query to load, in order (``Query/list`` before
  /// ``Query/listDistinct``: its throughput sizes the distinct requests).
  var queries = Query.underLoad
  /// `quakes-bench` itself, to run `quakes-bench load`.
  let bench: String
  let querySocket: String
  /// datasette's port, or `nil` to measure quakesd alone.
  let peerPort: UInt16?
  /// Quake ids to cycle through for `get`.
  let ids: [String]
  /// The newest quake's time, epoch milliseconds (for "the last 3 days").
  var newest: Int64 = 0
  let rounds: Int
  let seconds: Double
  let connections: Int
  let depth: Int
  let work: String

  /// Every load run's outcome, per query kind.
  struct Result {
    var ours: [Query: [LoadGenerator.Outcome]] = [:]
    var peer: [Query: [LoadGenerator.Outcome]] = [:]

    /// The most replies per second any run of `query` had, on either side (0 before any).
    func fastestThroughput(of query: Query) -> Double {
      ((self.ours[query] ?? []) + (self.peer[query] ?? [])).map(\.throughput).max() ?? 0
    }
  }

  /// The warm-up before each load run's measured seconds.
  var warmup: Double { min(1, self.seconds / 2) }

  /// How many distinct requests a run needs at most, when no run goes faster
  /// than `throughput` replies/s: twice what that rate sends over the warm-up
  /// and the measured seconds, plus those in flight, and at least 1,000.
  func distinctRequestCount(fastestThroughput throughput: Double) -> Int {
    max(1_000, Int((throughput * (self.warmup + self.seconds) * 2).rounded(.up)) + self.connections * self.depth)
  }

  func run() async throws -> Result {
    var result = Result()
    for query in self.queries {
      // The same list answered from quakesd's cache is less work than the
      // uncached one (datasette caches neither), so no distinct run outpaces
      // the fastest list run; were one to, the generator fails, loudly.
      // A first answer, one request at a time, is bounded by the round trip:
      // 20,000 replies/s is more than any run here reaches.
      let fastest = max(result.fastestThroughput(of: .list), Query.firstAnswers.contains(query) ? 20_000 : 0)
      let distinctCount = self.distinctRequestCount(fastestThroughput: fastest)
      let (ours, peer) = query.requests(ids: self.ids, distinctCount: distinctCount, newest: self.newest)
      let oursFile = self.work + "/\(query.rawValue)-ours.txt"
      let peerFile = self.work + "/\(query.rawValue)-peer.txt"
      try ours.joined(separator: "\n").write(toFile: oursFile, atomically: true, encoding: .utf8)
      try peer.joined(separator: "\n").write(toFile: peerFile, atomically: true, encoding: .utf8)
      let eachOnce = query.isDistinct ? ["--each-once"] : []
      for round in 0..<self.rounds {
        var runs: [() async throws -> Void] = [
          {
            let outcome = try await self.load(
              ["--unix", self.querySocket, "--framing", "lines", "--requests", oursFile] + eachOnce)
            result.ours[query, default: []].append(outcome)
          }
        ]
        if let port = self.peerPort, !peer.isEmpty {
          runs.append {
            try await self.settle(port: port)
            let outcome = try await self.load(
              ["--tcp", "\(port)", "--framing", "http", "--requests", peerFile] + eachOnce)
            result.peer[query, default: []].append(outcome)
          }
        }
        for index in runs.indices {
          try await runs[(index + round) % runs.count]()
        }
      }
    }
    return result
  }

  /// What runs each load.
  private var runner: LoadRunner {
    LoadRunner(
      bench: self.bench, connections: self.connections, depth: self.depth, seconds: self.seconds, warmup: self.warmup)
  }

  /// The command line of one load run, as the report shows it.
  var loadOptions: [String] { self.runner.options }

  private func settle(port: UInt16) async throws {
    try await LoadRunner.settle(port: port, probe: "/peer/quakes.json?_size=1&_shape=array")
  }

  private func load(_ arguments: [String]) async throws -> LoadGenerator.Outcome {
    try await self.runner.run(arguments)
  }
}
