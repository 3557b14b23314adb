import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl alerts test RULE [--send ID]`: what a rule matches now, or one real test notification.
struct AlertsTestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "List the cached quakes a rule matches now (nothing is sent), or send one test notification.",
    discussion: """
      Without --send, nothing is delivered: the list is what the rule would fire for if these quakes were new.
      With --send ID, the rule's channels each get one event "test" for the cached quake ID, once and without retries
      (on control.sock); exit 1 if a channel did not take it. Both show in quakectl alerts history.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The rule's name.")
  var rule: String

  @Option(
    help: ArgumentHelp("Send a test notification of this cached quake through the rule's channels.", valueName: "id"))
  var send: String?

  @Option(help: "At most this many quakes (default 20).")
  var limit: Int?

  func run() throws {
    let client = self.options.client()
    if let id = self.send {
      let result = try client.call(.alertSend, params: AlertParams(rule: self.rule, id: id))
      switch self.options.outputFormat {
      case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
      case .table:
        for delivery in result.deliveries {
          write(
            "\(delivery.delivered ? "delivered" : "FAILED") to \(delivery.channel) in \(delivery.milliseconds) ms: "
              + "\(delivery.detail)\n")
        }
      case .csv, .geojson: throw self.options.unsupported([.table, .json, .ndjson], by: "alerts test --send")
      }
      if result.deliveries.contains(where: { !$0.delivered }) { throw ExitCode(1) }
      return
    }
    let result = try client.call(
      .alertTest, params: AlertParams(rule: self.rule, limit: self.limit))
    var printer = QuakeListPrinter(format: self.options.outputFormat, output: self.options.quakeOutput)
    write(try printer.add(result))
    write(try printer.finish())
  }
}
