import Foundation
import QuakesTestSupport
import QuakesUSGS

/// Decoding throughput on one feed file, in MB/s (10^6 bytes per second):
/// our ``GeoJSONFeedDecoder`` against Foundation's `JSONDecoder` with
/// Codable structs (the seed's way, ``RemoteResponse``), and, when the peers
/// are installed, Python's `json.loads` and `orjson.loads`.
///
/// The decoders do not do the same work: ours and `JSONDecoder` produce
/// typed quakes; Python's produce dictionaries of every member and check
/// nothing. Each round decodes the file once with each decoder, in an
/// order that rotates from round to round; Python's are timed inside their
/// own process (`time.perf_counter` around the call), so its start-up is
/// not counted.
struct DecodeComparison {
  let path: String
  let rounds: Int
  /// The virtual environment's `python` (with `orjson`), or `nil`.
  let python: String?

  /// MB/s per round for each decoder.
  struct Result {
    var bytes = 0
    var quakes = 0
    var ours = Samples(), foundation = Samples(), python = Samples(), orjson = Samples()
  }

  /// Times one call of `json.loads` and one of `orjson.loads` on the file,
  /// in that order or reversed; prints each decoder's seconds on a line.
  private static let pythonScript = """
    import json, sys, time, orjson
    data = open(sys.argv[1], "rb").read()
    decoders = [("json", json.loads), ("orjson", orjson.loads)]
    if sys.argv[2] == "reversed": decoders.reverse()
    for name, decode in decoders:
        start = time.perf_counter(); decode(data); print(name, time.perf_counter() - start)
    """

  func run() throws -> Result {
    guard let data = FileManager.default.contents(atPath: self.path) else {
      throw MeasuredRun.Failure(description: "cannot read the feed file \(self.path)")
    }
    let bytes = [UInt8](data)
    var result = Result()
    result.bytes = bytes.count
    result.quakes = try GeoJSONFeedDecoder.decode(bytes).quakes.count
    _ = try JSONDecoder().decode(RemoteResponse.self, from: data)
    let megabytes = Double(bytes.count) / 1e6
    let clock = ContinuousClock()
    var sink = 0
    for round in 0..<self.rounds {
      var steps: [() throws -> Void] = [
        { result.ours.append(megabytes / clock.measure { sink &+= (try? GeoJSONFeedDecoder.decode(bytes))?.quakes.count ?? 0 }.seconds) },
        {
          result.foundation.append(
            megabytes / clock.measure { sink &+= (try? JSONDecoder().decode(RemoteResponse.self, from: data))?.features.count ?? 0 }.seconds)
        },
      ]
      if let python = self.python {
        steps.append { try self.runPython(python, reversed: round % 2 == 1, megabytes: megabytes, into: &result) }
      }
      for index in steps.indices {
        try steps[(index + round) % steps.count]()
      }
    }
    guard sink > 0 else { throw MeasuredRun.Failure(description: "\(self.path): no quake decoded") }
    return result
  }

  private func runPython(_ python: String, reversed: Bool, megabytes: Double, into result: inout Result) throws {
    let run = try Command.run(python, ["-c", Self.pythonScript, self.path, reversed ? "reversed" : "forward"])
    guard run.status == 0 else { throw MeasuredRun.Failure(description: "python decode: \(run.errors)") }
    for line in run.output.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let seconds = Double(parts[1]), seconds > 0 else { continue }
      if parts[0] == "json" { result.python.append(megabytes / seconds) } else { result.orjson.append(megabytes / seconds) }
    }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(self.components.seconds) + Double(self.components.attoseconds) / 1e18
  }

  /// The duration in milliseconds.
  var milliseconds: Double { self.seconds * 1_000 }
}

extension DecodeComparison {
  /// `quakes-bench decode [FILE [ROUNDS]]`: ours against `JSONDecoder` on one
  /// file, for quick work on the decoder (the suite adds Python's decoders).
  static func main(arguments: [String]) -> Int32 {
    let path = arguments.first ?? "../shared/fixtures/usgs/all_week-2021-04-16T1956Z-sandykolu.geojson"
    let rounds = arguments.dropFirst().first.flatMap { Int($0) }.map { max($0, 1) } ?? 31
    do {
      let result = try DecodeComparison(path: path, rounds: rounds, python: nil).run()
      print("decode: \((path as NSString).lastPathComponent), \(result.bytes) bytes, \(result.quakes) quakes; MB/s, median (min–max) of \(rounds) rounds")
      print("  GeoJSONFeedDecoder      \(result.ours.text())")
      print("  Foundation JSONDecoder  \(result.foundation.text())")
      return 0
    } catch {
      FileHandle.standardError.write(Data("quakes-bench decode: \(error) (give a feed file: quakes-bench decode FILE)\n".utf8))
      return 1
    }
  }
}
