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
/// nothing. They are timed the same way: warm and repeated, inside their
/// own process. Ours and `JSONDecoder` decode the file once untimed, then
/// once each per round, in an order that rotates from round to round; then
/// one Python process does the same with `json.loads` and `orjson.loads`
/// (``pythonScript``), so Python's start-up and first call are not counted
/// either. Every timed call must decode the feature count the untimed call
/// found, or the benchmark fails.
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

  func run() async throws -> Result {
    guard let data = FileManager.default.contents(atPath: self.path) else {
      throw MeasuredRun.Failure(description: "cannot read the feed file \(self.path)")
    }
    let bytes = [UInt8](data)
    let name = (self.path as NSString).lastPathComponent
    // The untimed first calls: what every timed call must give again.
    let batch = try GeoJSONFeedDecoder.decode(bytes)
    let features = try JSONDecoder().decode(RemoteResponse.self, from: data).features.count
    guard !batch.quakes.isEmpty, features == batch.quakes.count + batch.skippedFeatures else {
      throw MeasuredRun.Failure(
        description:
          "\(self.path): our decoder found \(batch.quakes.count) quakes (\(batch.skippedFeatures) features skipped), JSONDecoder \(features) features"
      )
    }
    var result = Result()
    result.bytes = bytes.count
    result.quakes = batch.quakes.count
    let megabytes = Double(bytes.count) / 1e6
    for round in 0..<self.rounds {
      let steps: [() throws -> Void] = [
        {
          result.ours.append(
            megabytes
              / (try TimedRun.seconds("GeoJSONFeedDecoder on \(name)", expecting: batch.quakes.count) {
                try GeoJSONFeedDecoder.decode(bytes).quakes.count
              }))
        },
        {
          result.foundation.append(
            megabytes
              / (try TimedRun.seconds("JSONDecoder on \(name)", expecting: features) {
                try JSONDecoder().decode(RemoteResponse.self, from: data).features.count
              }))
        },
      ]
      for index in steps.indices {
        try steps[(index + round) % steps.count]()
      }
    }
    if let python = self.python {
      (result.python, result.orjson) = try await self.runPython(python, features: features, megabytes: megabytes)
    }
    return result
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
  static func main(arguments: [String]) async -> Int32 {
    let path = arguments.first ?? "../shared/fixtures/usgs/all_week-2021-04-16T1956Z-sandykolu.geojson"
    let rounds = arguments.dropFirst().first.flatMap { Int($0) }.map { max($0, 1) } ?? 31
    do {
      let result = try await DecodeComparison(path: path, rounds: rounds, python: nil).run()
      print(
        "decode: \((path as NSString).lastPathComponent), \(result.bytes) bytes, \(result.quakes) quakes; MB/s, median (min–max) of \(rounds) rounds"
      )
      print("  GeoJSONFeedDecoder      \(result.ours.text())")
      print("  Foundation JSONDecoder  \(result.foundation.text())")
      return 0
    } catch {
      FileHandle.standardError.write(
        Data("quakes-bench decode: \(error) (give a feed file: quakes-bench decode FILE)\n".utf8))
      return 1
    }
  }
}
