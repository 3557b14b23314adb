import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl alerts history`: deliveries with their outcome and attempts,
/// and the firings of rules with no channel, which have no delivery.
struct AlertsHistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract:
      "Show alert deliveries, newest first, with their state and every attempt; a rule with no channel's firings too.")

  @OptionGroup var options: GlobalOptions

  @Option(help: "Only the deliveries of this rule.")
  var rule: String?

  @Option(help: ArgumentHelp("Only firings at or after this time: \(TimeArgument.accepted).", valueName: "time"))
  var since: String?

  @Option(help: "At most this many deliveries (1 to \(AlertParams.maximumLimit); default 100).")
  var limit: Int?

  func validate() throws {
    if let since, TimeArgument.parse(since) == nil {
      throw ValidationError("--since \(since) is not a time: use \(TimeArgument.accepted)")
    }
    if let limit, !(1...AlertParams.maximumLimit).contains(limit) {
      throw ValidationError("--limit must be from 1 to \(AlertParams.maximumLimit), not \(limit)")
    }
  }

  func run() throws {
    let params = AlertParams(
      rule: self.rule, since: self.since.flatMap { TimeArgument.parse($0) }.map(Timestamp.iso8601), limit: self.limit)
    let result = try self.options.client().call(.alertHistory, params: params)
    switch self.options.outputFormat {
    case .json: write(try QuakeOutput.jsonLine(result))
    case .ndjson: write(try QuakeOutput.jsonLines(result.deliveries))
    case .table: write(Self.table(result, now: Date()))
    case .csv: write(Self.csv(result))
    case .geojson: throw self.options.unsupported([.table, .json, .ndjson, .csv], by: "alerts history")
    }
  }

  static func table(_ result: AlertHistoryResult, now: Date) -> String {
    guard !result.deliveries.isEmpty else { return "no alert firings\n" }
    var table = TextTable(columns: [
      .init("FIRED"), .init("RULE"), .init("EVENT"), .init("QUAKE"), .init("CHANNEL"), .init("STATE"),
      .init("ATTEMPTS", alignsRight: true), .init("LAST ATTEMPT"),
    ])
    table.rows = result.deliveries.map { entry in
      let last = entry.attempts.last
      let next = entry.nextAttempt.map { "; next \(relativeAge($0, now: now))" } ?? ""
      return [
        relativeAge(entry.firedAt, now: now), entry.rule, entry.event, entry.quakeId, entry.channel ?? "-",
        entry.state?.rawValue ?? Self.recorded,
        String(entry.attempts.count), (last?.detail ?? "-") + (entry.state == .pending ? next : ""),
      ]
    }
    return table.render()
  }

  /// The state shown for a firing of a rule with no channel: nothing to deliver.
  static let recorded = "recorded, no channel"

  static func csv(_ result: AlertHistoryResult) -> String {
    let header = [
      "fired_at", "rule", "event", "quake_id", "key", "channel", "state", "attempts", "next_attempt", "last_detail",
    ]
    return CSVField.document(
      header: header,
      rows: result.deliveries.map { entry in
        [
          entry.firedAt, entry.rule, entry.event, entry.quakeId, entry.key, entry.channel ?? "",
          entry.state?.rawValue ?? "recorded",
          String(entry.attempts.count), entry.nextAttempt ?? "", entry.attempts.last?.detail ?? "",
        ]
      })
  }
}
