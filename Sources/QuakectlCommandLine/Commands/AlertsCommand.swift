import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl alerts`: the alert rules and what each did; `history` and
/// `test` below it.
struct AlertsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "alerts",
    abstract: "Show the alert rules and what each did; see their deliveries, or test one.",
    discussion: """
      Alert rules are the alerts: section of the configuration file (docs/alerts.md, quakesd.conf(5)). Without a
      subcommand, lists each rule with its channels, how often it fired and when last, and its pending, delivered and
      failed deliveries.
      """,
    subcommands: [AlertsListCommand.self, AlertsHistoryCommand.self, AlertsTestCommand.self],
    defaultSubcommand: AlertsListCommand.self)
}

/// `text`, an ISO 8601 time, as "3 min ago"; `-` without one.
func relativeAge(_ text: String?, now: Date) -> String {
  text.flatMap { Timestamp.parseISO8601($0) }.map { RelativeAge.text($0, now: now) } ?? "-"
}
