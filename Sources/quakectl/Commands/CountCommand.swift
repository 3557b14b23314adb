import ArgumentParser
import QuakesClient
import QuakesProtocol

/// `quakectl count`: how many quakes the cache holds.
struct CountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "count", abstract: "Print the number of cached quakes.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let result = try self.options.client().call(.count, as: CountResult.self)
    switch self.options.outputFormat {
    case .table: write("\(result.count)\n")
    case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
    case .csv: write("count\r\n\(result.count)\r\n")
    case .geojson: throw self.options.unsupported([.table, .json, .ndjson, .csv], by: "count")
    }
  }
}
