/// Timing of in-process work that must succeed: the work runs inside the
/// timed region and throws out of it, and what it returned is checked after
/// it, so a run that failed or did other work fails the benchmark instead of
/// being timed as a success (no `try?` in a timed closure).
enum TimedRun {
  /// The seconds `work` took, once it has returned `expected`.
  ///
  /// - Parameter what: names the work in the failure, e.g. `GeoJSONFeedDecoder on all_week.geojson`.
  /// - Throws: what `work` threw, or ``MeasuredRun/Failure`` when it returned anything but `expected`.
  static func seconds<Output: Equatable>(_ what: String, expecting expected: Output, _ work: () throws -> Output) throws
    -> Double
  {
    var output: Output?
    let elapsed = try ContinuousClock().measure { output = try work() }
    guard let output, output == expected else {
      throw MeasuredRun.Failure(
        description: "\(what) gave \(output.map { "\($0)" } ?? "nothing") instead of \(expected)")
    }
    return elapsed.seconds
  }
}
