import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesProtocol

/// `quakectl metrics`: quakesd's metrics in Prometheus' text format.
struct MetricsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "metrics",
    abstract: "Print quakesd's metrics in Prometheus' text format (what /metrics serves).",
    discussion: """
      For hosts that open no port: node_exporter's textfile collector reads the file this writes, e.g. every minute
      from a timer: quakectl metrics > DIR/quakesd.prom.tmp && mv DIR/quakesd.prom.tmp DIR/quakesd.prom
      (docs/metrics.md lists every metric).
      """)

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let result = try self.options.client().call(.metrics)
    switch self.options.format {
    case nil, .table: write(result.text)
    case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
    case .csv, .geojson: throw self.options.unsupported([.table, .json, .ndjson], by: "metrics")
    }
  }
}
