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

    /// The report's name of the query, saying which answers come from a cache.
    var title: String {
      switch self {
      case .count: "count"
      case .get: "get one quake by id"
      case .list: "list, newest 100, the same params every request (quakesd: from its ListCache)"
      case .listDistinct: "list, newest 100, distinct params every request (uncached)"
      }
    }

    /// Whether every request must differ from every other of its run: the
    /// load generator then sends each line once (`--each-once`) and fails
    /// if the run needs more than the file holds.
    var isDistinct: Bool { self == .listDistinct }

    /// quakesd's request lines and datasette's targets: for `get`, one per
    /// id; for `listDistinct`, `distinctCount` of each, request `i` asking
    /// for the newest 100 before ``DistinctUntil/date(_:)`` `i` on both sides.
    func requests(ids: [String], distinctCount: Int) -> (ours: [String], peer: [String]) {
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
      }
    }
  }

  /// The kinds of query to load, in order (``Query/list`` before
  /// ``Query/listDistinct``: its throughput sizes the distinct requests).
  var queries = Query.allCases
  /// `quakes-bench` itself, to run `quakes-bench load`.
  let bench: String
  let querySocket: String
  /// datasette's port, or `nil` to measure quakesd alone.
  let peerPort: UInt16?
  /// Quake ids to cycle through for `get`.
  let ids: [String]
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
      let distinctCount = self.distinctRequestCount(fastestThroughput: result.fastestThroughput(of: .list))
      let (ours, peer) = query.requests(ids: self.ids, distinctCount: distinctCount)
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
        if let port = self.peerPort {
          runs.append {
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

  /// The command line of one load run, as the report shows it.
  var loadOptions: [String] {
    [
      "--connections", "\(self.connections)", "--depth", "\(self.depth)", "--seconds", "\(self.seconds)", "--warmup",
      "\(self.warmup)",
    ]
  }

  private func load(_ arguments: [String]) async throws -> LoadGenerator.Outcome {
    let run = try await Command.run(self.bench, ["load"] + arguments + self.loadOptions)
    guard run.status == 0 else {
      throw MeasuredRun.Failure(description: "quakes-bench load \(arguments.joined(separator: " ")): \(run.errors)")
    }
    let outcome = try JSONDecoder().decode(LoadGenerator.Outcome.self, from: Data(run.output.utf8))
    guard outcome.replies > 0, outcome.errors == 0 else {
      throw MeasuredRun.Failure(
        description:
          "quakes-bench load \(arguments.joined(separator: " ")): \(outcome.replies) replies, \(outcome.errors) errors")
    }
    return outcome
  }
}
