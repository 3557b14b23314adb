import Foundation
import QuakesTestSupport

/// Queries served under load: `quakes-bench load` (a process of its own)
/// keeps pipelined connections (32 in the full run) busy with one kind of query, first
/// against quakesd's query socket, then against datasette's JSON API on the
/// peer's file of the same quakes, alternating which goes first from round
/// to round.
struct ServedQueryComparison {
  /// The three kinds of query, each as quakesd's request line and
  /// datasette's request target (database `peer`, table `quakes`).
  enum Query: String, CaseIterable {
    case count, get, list

    var title: String {
      switch self {
      case .count: "count"
      case .get: "get one quake by id"
      case .list: "list, newest 100"
      }
    }

    func requests(ids: [String]) -> (ours: [String], peer: [String]) {
      switch self {
      case .count:
        return ([#"{"method":"quakes.count"}"#], ["/peer.json?sql=select+count(*)+from+quakes&_shape=array"])
      case .get:
        return (
          ids.map { #"{"method":"quakes.get","params":{"id":"\#($0)"}}"# },
          ids.map { "/peer/quakes/\($0).json?_shape=array" }
        )
      case .list:
        return ([#"{"method":"quakes.list","params":{"limit":100}}"#], ["/peer/quakes.json?_sort_desc=time&_size=100&_shape=array&_nocount=1"])
      }
    }
  }

  /// The kinds of query to load, in order.
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
  }

  func run() throws -> Result {
    var result = Result()
    for query in self.queries {
      let (ours, peer) = query.requests(ids: self.ids)
      let oursFile = self.work + "/\(query.rawValue)-ours.txt"
      let peerFile = self.work + "/\(query.rawValue)-peer.txt"
      try ours.joined(separator: "\n").write(toFile: oursFile, atomically: true, encoding: .utf8)
      try peer.joined(separator: "\n").write(toFile: peerFile, atomically: true, encoding: .utf8)
      for round in 0..<self.rounds {
        var runs: [() throws -> Void] = [
          { result.ours[query, default: []].append(try self.load(["--unix", self.querySocket, "--framing", "lines", "--requests", oursFile])) }
        ]
        if let port = self.peerPort {
          runs.append {
            result.peer[query, default: []].append(try self.load(["--tcp", "\(port)", "--framing", "http", "--requests", peerFile]))
          }
        }
        for index in runs.indices {
          try runs[(index + round) % runs.count]()
        }
      }
    }
    return result
  }

  /// The command line of one load run, as the report shows it.
  var loadOptions: [String] {
    ["--connections", "\(self.connections)", "--depth", "\(self.depth)", "--seconds", "\(self.seconds)",
     "--warmup", "\(min(1, self.seconds / 2))"]
  }

  private func load(_ arguments: [String]) throws -> LoadGenerator.Outcome {
    let run = try Command.run(self.bench, ["load"] + arguments + self.loadOptions)
    guard run.status == 0 else {
      throw MeasuredRun.Failure(description: "quakes-bench load \(arguments.joined(separator: " ")): \(run.errors)")
    }
    let outcome = try JSONDecoder().decode(LoadGenerator.Outcome.self, from: Data(run.output.utf8))
    guard outcome.replies > 0, outcome.errors == 0 else {
      throw MeasuredRun.Failure(description: "quakes-bench load \(arguments.joined(separator: " ")): \(outcome.replies) replies, \(outcome.errors) errors")
    }
    return outcome
  }
}
