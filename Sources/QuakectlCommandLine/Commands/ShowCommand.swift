import ArgumentParser
import QuakesClient
import QuakesProtocol

/// `quakectl show ID`: one quake, every field; exit 10 when the cache has no such quake.
struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show one quake with all its fields (exit 10 if it is not cached).")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The USGS event id, e.g. us7000abcd.")
  var id: String

  func run() throws {
    let quake = try self.options.client().call(.get, params: IdParams(id: self.id)).quake
    let output = self.options.quakeOutput
    switch self.options.outputFormat {
    case .table: write(output.details(quake))
    case .json, .ndjson: write(try QuakeOutput.jsonLine(quake))
    case .csv: write(output.csv([quake]))
    case .geojson: write(try output.geoJSON([quake]))
    }
  }
}
