/// The figures the report gives for a set of load runs of one query on one
/// server: replies per second, and the p50 and p99 latencies in ms.
struct LoadFigures {
  let rate: Samples
  let p50: Samples
  let p99: Samples

  init(_ outcomes: [LoadGenerator.Outcome]) {
    self.rate = Samples(outcomes.map(\.throughput))
    self.p50 = Samples(outcomes.map(\.p50))
    self.p99 = Samples(outcomes.map(\.p99))
  }

  /// Whether there was no run (the peer not installed).
  var isEmpty: Bool { self.rate.isEmpty }
}
