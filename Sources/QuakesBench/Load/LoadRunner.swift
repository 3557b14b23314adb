import Foundation
import QuakesTestSupport

/// Runs `quakes-bench load` (``LoadGenerator``) as a process of its own and
/// reads what it measured, failing loudly when a run had no reply or any
/// error: a benchmark never reports the speed of failures.
struct LoadRunner: Sendable {
  /// `quakes-bench` itself.
  let bench: String
  /// The options every run gets: connections, depth, seconds, warm-up.
  let options: [String]

  init(bench: String, connections: Int, depth: Int, seconds: Double, warmup: Double) {
    self.bench = bench
    self.options = [
      "--connections", "\(connections)", "--depth", "\(depth)", "--seconds", "\(seconds)", "--warmup", "\(warmup)",
    ]
  }

  /// One run with `arguments` (the target, framing and requests) besides ``options``.
  func run(_ arguments: [String]) async throws -> LoadGenerator.Outcome {
    let run = try await Command.run(self.bench, ["load"] + arguments + self.options)
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

  /// Waits until datasette on `port` has answered every request of the
  /// previous run: a load leaves requests queued for its SQL threads after
  /// the generator stops reading, and a run measured behind them would
  /// time their backlog (or get no reply in the run at all). One small
  /// request to `probe` waits its turn behind them.
  static func settle(port: UInt16, probe: String) async throws {
    let answer = try await Command.run(
      "/usr/bin/python3",
      [
        "-c", "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=300).read()",
        "http://127.0.0.1:\(port)\(probe)",
      ])
    guard answer.status == 0 else {
      throw MeasuredRun.Failure(description: "datasette on port \(port) did not answer a probe: \(answer.errors)")
    }
  }
}
