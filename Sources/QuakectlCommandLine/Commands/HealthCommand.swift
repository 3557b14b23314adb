import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesProtocol

/// `quakectl health`: a check for monitors. Exit 0 when quakesd runs, its
/// cache loaded and every scheduled feed succeeded recently enough; 1 with a
/// line per problem; 7 when quakesd does not run.
struct HealthCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "health",
    abstract:
      "Check that quakesd runs and every scheduled feed succeeded recently: exit 0, 1 with a line per problem, 7 if quakesd is not running."
  )

  @OptionGroup var options: GlobalOptions

  @Option(
    help: ArgumentHelp(
      "How old a feed's last success may be: \(HealthMaxAge.accepted) (default 3 intervals).", valueName: "age"))
  var maxAge: String?

  func validate() throws {
    if let maxAge, HealthMaxAge(maxAge) == nil {
      throw ValidationError("--max-age takes \(HealthMaxAge.accepted), not \(maxAge)")
    }
  }

  func run() throws {
    let maxAge = self.maxAge.flatMap(HealthMaxAge.init) ?? .standard
    let status = try self.options.client().call(.status)
    let now = Date()
    let report = HealthReport(status: status, now: now, maxAge: maxAge)
    switch self.options.outputFormat {
    case .json, .ndjson: write(try QuakeOutput.jsonLine(report))
    case .table: write((report.healthy ? [report.summary(now: now)] : report.problems).joined(separator: "\n") + "\n")
    case .csv, .geojson: throw self.options.unsupported([.table, .json, .ndjson], by: "health")
    }
    if !report.healthy { throw ExitCode(1) }
  }
}
