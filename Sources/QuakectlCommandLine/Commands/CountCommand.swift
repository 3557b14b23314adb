import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesProtocol

/// `quakectl count`: how many quakes the cache holds, or how many match the filter flags.
struct CountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "count", abstract: "Print the number of cached quakes (that match the filters, if any).")

  @OptionGroup var options: GlobalOptions
  @OptionGroup var filter: FilterOptions

  func run() throws {
    let params = try self.filter.params(utc: self.options.utc)
    let result = try self.options.client().call(.count, params: params)
    switch self.options.outputFormat {
    case .table: write("\(result.count)\n")
    case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
    case .csv: write("count\r\n\(result.count)\r\n")
    case .geojson: throw self.options.unsupported([.table, .json, .ndjson, .csv], by: "count")
    }
  }
}
