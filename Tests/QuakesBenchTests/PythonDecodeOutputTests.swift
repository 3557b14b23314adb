import Testing

@testable import QuakesBench

/// Python's decode timings are read strictly: a call that decoded other
/// than the feed, or a round missing, fails the benchmark.
@Suite("Python decode output")
struct PythonDecodeOutputTests {
  private func read(_ output: String, features: Int = 2_125, rounds: Int = 2) throws -> (json: Samples, orjson: Samples)
  {
    try DecodeComparison.pythonThroughput(output, features: features, rounds: rounds, megabytes: 1.5)
  }

  @Test("every timed call of each decoder becomes one MB/s figure")
  func reads() throws {
    let timings = try self.read("json 0.03 2125\norjson 0.01 2125\norjson 0.01 2125\njson 0.015 2125\n")
    #expect(timings.json.values == [50, 100])
    #expect(timings.orjson.values == [150, 150])
  }

  @Test("a call that decoded another number of features fails")
  func wrongCount() {
    #expect(throws: MeasuredRun.Failure.self) {
      try self.read("json 0.03 2125\norjson 0.01 0\njson 0.03 2125\norjson 0.01 2125\n")
    }
  }

  @Test("a missing round fails")
  func missingRound() {
    #expect(throws: MeasuredRun.Failure.self) { try self.read("json 0.03 2125\norjson 0.01 2125\njson 0.03 2125\n") }
  }

  @Test("a line that is not NAME SECONDS FEATURES fails")
  func garbage() {
    #expect(throws: MeasuredRun.Failure.self) { try self.read("Traceback (most recent call last):\n", rounds: 0) }
    #expect(throws: MeasuredRun.Failure.self) { try self.read("simdjson 0.01 2125\n", rounds: 0) }
  }
}
