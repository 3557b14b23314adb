import Foundation
import QuakesTestSupport

extension DecodeComparison {
  /// Python's decoders timed as ours are: one untimed call of each, then
  /// `ROUNDS` rounds of one timed call of each, the order rotating; each
  /// timed call prints `NAME SECONDS FEATURES`. An exception ends Python
  /// with a non-zero status, which fails the benchmark.
  ///
  ///     python -c SCRIPT FILE ROUNDS
  static let pythonScript = """
    import json, sys, time, orjson
    data = open(sys.argv[1], "rb").read()
    rounds = int(sys.argv[2])
    decoders = [("json", json.loads), ("orjson", orjson.loads)]
    for name, decode in decoders:
        len(decode(data)["features"])
    for round in range(rounds):
        for name, decode in (decoders if round % 2 == 0 else decoders[::-1]):
            start = time.perf_counter()
            features = len(decode(data)["features"])
            seconds = time.perf_counter() - start
            print(name, seconds, features)
    """

  /// MB/s of `json.loads` and `orjson.loads`, every round, from one Python process.
  func runPython(_ python: String, features: Int, megabytes: Double) async throws -> (json: Samples, orjson: Samples) {
    let run = try await Command.run(python, ["-c", Self.pythonScript, self.path, "\(self.rounds)"])
    guard run.status == 0 else {
      throw MeasuredRun.Failure(description: "python decode of \(self.path) exited \(run.status): \(run.errors)")
    }
    return try Self.pythonThroughput(run.output, features: features, rounds: self.rounds, megabytes: megabytes)
  }

  /// Reads ``pythonScript``'s output: MB/s per timed call of each decoder.
  ///
  /// - Throws: ``MeasuredRun/Failure`` on a line that is not `NAME SECONDS
  ///   FEATURES` for a known decoder, a call that decoded other than
  ///   `features` features, or a decoder with other than `rounds` calls.
  static func pythonThroughput(_ output: String, features: Int, rounds: Int, megabytes: Double) throws -> (
    json: Samples, orjson: Samples
  ) {
    var json = Samples()
    var orjson = Samples()
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 3, let seconds = Double(fields[1]), seconds > 0, seconds.isFinite,
        let decoded = Int(fields[2])
      else {
        throw MeasuredRun.Failure(description: "python decode printed \"\(line)\", not NAME SECONDS FEATURES")
      }
      guard decoded == features else {
        throw MeasuredRun.Failure(description: "python \(fields[0]) decoded \(decoded) features instead of \(features)")
      }
      switch fields[0] {
      case "json": json.append(megabytes / seconds)
      case "orjson": orjson.append(megabytes / seconds)
      default: throw MeasuredRun.Failure(description: "python decode printed an unknown decoder: \(line)")
      }
    }
    guard json.values.count == rounds, orjson.values.count == rounds else {
      throw MeasuredRun.Failure(
        description:
          "python decode timed json \(json.values.count) and orjson \(orjson.values.count) times instead of \(rounds)")
    }
    return (json, orjson)
  }
}
