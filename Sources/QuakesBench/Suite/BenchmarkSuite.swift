import Foundation
import QuakesTestSupport

/// `quakes-bench suite`: every comparison of docs/benchmarks.md in one run,
/// in the order the report gives them, then the report.
///
///     quakes-bench suite [--smoke] [--peers VENV/bin] [--fixtures DIR] [--programs DIR] [--output FILE] [--analysis FILE]
///
/// `--analysis` appends a hand-written Markdown file to the report: where
/// targets are missed, the profiles that show why (docs/benchmarks-analysis.md).
/// `make bench` runs the full suite with the peers from `.build/bench-venv`
/// and writes docs/benchmarks.md; `make bench-smoke` (part of `make test`)
/// runs it at tiny sizes, with the peers when they are installed, so that
/// every step keeps working. Any step that fails ends the run with status 1.
struct BenchmarkSuite {
  let scale: BenchmarkScale
  let peers: PeerTools?
  let fixtures: String
  /// Where `usgs-standin` and this benchmark are.
  let binaries: String
  /// Where the `quakesd` and `quakectl` measured are: `--programs`, else
  /// beside this benchmark. `make bench` names the static build the
  /// Debian package ships (`make release-static`), since a whole process
  /// costs what its linking makes it cost.
  let programs: String
  /// A fresh folder for the run's files, removed at the end.
  let work: String
  var report: BenchmarkReport

  static func main(arguments: [String]) async -> Int32 {
    var scale = BenchmarkScale.full
    var peersBin: String?
    var fixtures = "../shared/fixtures/usgs"
    var output: String?
    var analysis: String?
    var programs: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--smoke": scale = .smoke
      case "--peers": peersBin = remaining.popFirst()
      case "--fixtures": fixtures = remaining.popFirst() ?? fixtures
      case "--output": output = remaining.popFirst()
      case "--analysis": analysis = remaining.popFirst()
      case "--programs": programs = remaining.popFirst()
      default:
        FileHandle.standardError.write(
          Data(
            "usage: quakes-bench suite [--smoke] [--peers DIR] [--fixtures DIR] [--programs DIR] [--output FILE] [--analysis FILE]\n"
              .utf8))
        return 2
      }
    }
    let peers = PeerTools(bin: peersBin)
    if peers == nil {
      print(
        "quakes-bench: the peers are not installed (no geojson-to-sqlite in \(peersBin ?? "--peers")); measuring quakesd alone"
      )
    }
    let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("quakes-bench-\(UUID().uuidString)").path
    var suite = BenchmarkSuite(
      scale: scale, peers: peers, fixtures: fixtures, binaries: binaries, programs: programs ?? binaries, work: work,
      report: BenchmarkReport(
        scale: scale, machine: await MachineDescription.lines(peers: peers, programs: programs ?? binaries)))
    defer { try? FileManager.default.removeItem(atPath: work) }
    let clock = ContinuousClock()
    let start = clock.now
    do {
      try await suite.run()
    } catch {
      FileHandle.standardError.write(Data("quakes-bench suite: \(error)\n".utf8))
      return 1
    }
    let command = scale.name == "full" ? "make bench" : "make bench-smoke"
    var markdown = suite.report.markdown(command: command, duration: clock.now - start)
    if let analysis {
      do {
        markdown += "\n" + (try String(contentsOfFile: analysis, encoding: .utf8))
      } catch {
        FileHandle.standardError.write(Data("quakes-bench suite: cannot read \(analysis): \(error)\n".utf8))
        return 1
      }
    }
    print("\n" + suite.report.summaryTable)
    if let output {
      do {
        try markdown.write(toFile: output, atomically: true, encoding: .utf8)
        print("\nwrote \(output)")
      } catch {
        FileHandle.standardError.write(Data("quakes-bench suite: cannot write \(output): \(error)\n".utf8))
        return 1
      }
    }
    return 0
  }

  mutating func run() async throws {
    try FileManager.default.createDirectory(atPath: self.work, withIntermediateDirectories: true)
    print("preparing inputs in \(self.work) (\(self.scale.name) run)")
    let inputs = try await BenchmarkInputs.prepare(scale: self.scale, fixtures: self.fixtures, work: self.work)
    if self.peers == nil {
      self.report.note(
        "the peers: not installed, so quakesd is measured alone (`make bench` installs them into .build/bench-venv)")
    }
    if !inputs.weekIsReal {
      self.report.note("the real week feed: `../shared/fixtures/usgs` is not there, so a synthetic week stands in")
    }
    _ = try await self.ingest(
      feed: inputs.weekFeed, name: "all_week", source: inputs.weekSource, rounds: self.scale.ingestRounds)
    let largeIngest = try await self.ingest(
      feed: inputs.largeFeed, name: "all_month",
      source: "a synthetic feed of \(self.count(self.scale.largeCount)) quakes",
      rounds: self.scale.largeIngestRounds)
    try await self.decode(inputs)
    try await self.queries(cache: inputs.caches[self.scale.largeCount], peerDatabase: largeIngest.peerDatabase)
    try await self.coldStart(inputs)
    try self.reducer()
    try await self.alerts()
    try await self.backfill()
  }

  /// `12,345`.
  func count(_ value: Int) -> String {
    value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
  }

  /// `12.3×`, the ratio of two medians.
  func ratio(_ numerator: Double, _ denominator: Double) -> String {
    guard numerator.isFinite, denominator.isFinite, denominator > 0 else { return "—" }
    return String(format: "%.1f×", numerator / denominator)
  }
}
