import Foundation
import Testing

@testable import QuakesBench

/// Timed in-process work fails the benchmark when it fails: it is never
/// timed as a success.
@Suite("Timed runs")
struct TimedRunTests {
  private struct DecodeFailed: Error {}

  @Test("work that throws inside the timed region throws out of it")
  func throwingWork() {
    #expect(throws: DecodeFailed.self) {
      _ = try TimedRun.seconds("a decoder", expecting: 3) { () throws -> Int in throw DecodeFailed() }
    }
  }

  @Test("work that returns other than what it must fails, naming it")
  func wrongOutput() {
    #expect {
      _ = try TimedRun.seconds("a decoder on week.geojson", expecting: 2_125) { 0 }
    } throws: { error in
      "\(error)".contains("a decoder on week.geojson gave 0 instead of 2125")
    }
  }

  @Test("work that returns what it must gives its time")
  func success() throws {
    let seconds = try TimedRun.seconds("a sleep", expecting: 1) {
      Thread.sleep(forTimeInterval: 0.01)
      return 1
    }
    #expect(seconds >= 0.01)
  }

  @Test("a file that is not a feed fails the decode comparison")
  func notAFeed() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-feed-\(UUID().uuidString).geojson")
      .path
    try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature"}]}"#.utf8).write(
      to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    await #expect(throws: (any Error).self) {
      _ = try await DecodeComparison(path: path, rounds: 1, python: nil).run()
    }
  }

  @Test("the reducer benchmark's check holds for real steps: each leaves n + 1 quakes, or the run throws")
  func reducerChecksItsSteps() throws {
    let rows = try ReducerBenchmark.run(sizes: [10])
    #expect(rows.count == 1 && rows[0].tree > 0 && rows[0].dictionary > 0)
  }
}
