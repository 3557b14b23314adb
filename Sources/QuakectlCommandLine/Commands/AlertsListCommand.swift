import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl alerts list`: the rules and what each did.
struct AlertsListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the alert rules with their channels, firings and deliveries.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let result = try self.options.client().call(.alerts)
    switch self.options.outputFormat {
    case .json: write(try QuakeOutput.jsonLine(result))
    case .ndjson: write(try QuakeOutput.jsonLines(result.rules))
    case .table: write(Self.table(result, now: Date()))
    case .csv, .geojson: throw self.options.unsupported([.table, .json, .ndjson], by: "alerts")
    }
  }

  static func table(_ result: AlertsResult, now: Date) -> String {
    guard !result.rules.isEmpty else {
      return "no alert rules: add an alerts: section to the configuration file (docs/alerts.md), then quakectl reload\n"
    }
    var table = TextTable(columns: [
      .init("RULE"), .init("ON"), .init("CHANNELS"), .init("FIRED", alignsRight: true), .init("LAST FIRED"),
      .init("PENDING", alignsRight: true), .init("DELIVERED", alignsRight: true), .init("FAILED", alignsRight: true),
      .init("HELD", alignsRight: true),
    ])
    table.rows = result.rules.map { rule in
      [
        rule.name, rule.on.joined(separator: ","), rule.channels.isEmpty ? "-" : rule.channels.joined(separator: " "),
        String(rule.activity.fired), relativeAge(rule.activity.lastFired, now: now), String(rule.activity.pending),
        String(rule.activity.delivered), String(rule.activity.failed), String(rule.activity.heldBack),
      ]
    }
    return table.render()
  }
}
