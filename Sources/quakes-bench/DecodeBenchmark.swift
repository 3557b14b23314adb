import Foundation
import QuakesUSGS

/// `quakes-bench decode [FILE]`: decoding throughput of ``GeoJSONFeedDecoder``
/// against Foundation's `JSONDecoder` with Codable structs (the seed's way,
/// ``RemoteResponse``), on one feed file, measured in the same run.
///
/// Each round decodes the file once with each decoder, alternating which goes
/// first; the report gives the median of the rounds in MB/s (10^6 bytes per
/// second). docs/decoding.md quotes its numbers.
enum DecodeBenchmark {
  /// The week fixture, relative to the directory `make bench` runs in.
  static let defaultPath = "../shared/fixtures/usgs/all_week-2021-04-16T1956Z-sandykolu.geojson"

  /// Runs the benchmark for `[FILE] [ROUNDS]`; returns the exit status.
  static func main(arguments: [String]) -> Int32 {
    let path = arguments.first ?? self.defaultPath
    let rounds = arguments.dropFirst().first.flatMap { Int($0) }.map { max($0, 1) } ?? 31
    guard let data = FileManager.default.contents(atPath: path) else {
      let directory = FileManager.default.currentDirectoryPath
      FileHandle.standardError.write(
        Data(
          """
          error: cannot read the feed file \(path) (relative to \(directory)).
          Give one (quakes-bench decode FILE.geojson), or run from the project's folder
          with ../shared/fixtures/usgs/ beside it.

          """.utf8))
      return 1
    }
    let bytes = [UInt8](data)
    do {
      let batch = try GeoJSONFeedDecoder.decode(bytes)
      let reference = try JSONDecoder().decode(RemoteResponse.self, from: data)
      print(
        "decode: \((path as NSString).lastPathComponent), \(bytes.count) bytes, \(batch.quakes.count) quakes"
          + " (\(batch.skippedFeatures) skipped; JSONDecoder: \(reference.features.count) features)")
    } catch {
      FileHandle.standardError.write(Data("error: \(path) does not decode: \(error)\n".utf8))
      return 1
    }

    var ours: [Duration] = []
    var foundation: [Duration] = []
    var sink = 0
    let clock = ContinuousClock()
    for round in 0..<rounds {
      let measureOurs = {
        ours.append(clock.measure { sink &+= (try? GeoJSONFeedDecoder.decode(bytes))?.quakes.count ?? 0 })
      }
      let measureFoundation = {
        foundation.append(
          clock.measure { sink &+= (try? JSONDecoder().decode(RemoteResponse.self, from: data))?.features.count ?? 0 })
      }
      if round.isMultiple(of: 2) {
        measureOurs()
        measureFoundation()
      } else {
        measureFoundation()
        measureOurs()
      }
    }

    let oursMedian = self.median(ours)
    let foundationMedian = self.median(foundation)
    print("median of \(rounds) alternating rounds (MB = 10^6 bytes):")
    self.report("GeoJSONFeedDecoder", bytes: bytes.count, duration: oursMedian)
    self.report("Foundation JSONDecoder", bytes: bytes.count, duration: foundationMedian)
    print(String(format: "  speed-up: %.1f×", self.seconds(foundationMedian) / self.seconds(oursMedian)))
    if sink == 0 { print("(no features decoded)") }
    return 0
  }

  private static func report(_ name: String, bytes: Int, duration: Duration) {
    let seconds = self.seconds(duration)
    let name = name.padding(toLength: 24, withPad: " ", startingAt: 0)
    print(String(format: "  %@ %8.1f MB/s  (%.2f ms per decode)", name, Double(bytes) / seconds / 1e6, seconds * 1e3))
  }

  private static func median(_ durations: [Duration]) -> Duration {
    let sorted = durations.sorted()
    return sorted[sorted.count / 2]
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
