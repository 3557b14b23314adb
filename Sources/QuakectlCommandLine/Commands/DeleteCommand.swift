import ArgumentParser
import QuakesClient
import QuakesProtocol

/// `quakectl delete ID`: removes one quake from the cache (a later poll may bring it back).
struct DeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete", abstract: "Delete one quake from the cache (exit 10 if it is not cached).")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The USGS event id.")
  var id: String

  func run() throws {
    let result = try self.options.client().call(.delete, params: IdParams(id: self.id))
    switch self.options.outputFormat {
    case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
    default: write("deleted \(self.id)\n")
    }
  }
}
