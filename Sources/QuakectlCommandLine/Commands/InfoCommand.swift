import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl info`: versions and capabilities; a warning when they differ from quakectl's.
struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Show the daemon's version, protocol version and methods; warn on version skew.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let info = try self.options.client().call(.info)
    if info.version != QuakesdProduct.version {
      writeStandardError(
        Data(
          "quakectl: warning: quakesd is version \(info.version), this quakectl \(QuakesdProduct.version); both speak protocol \(info.protocol), but newer features may be missing on one side\n"
            .utf8))
    }
    switch self.options.outputFormat {
    case .json, .ndjson: write(try QuakeOutput.jsonLine(info))
    case .table:
      write(
        "quakesd \(info.version)\nprotocol \(info.protocol)\nsocket \(info.socket.rawValue)\nmethods \(info.methods.joined(separator: " "))\n"
      )
    case .csv, .geojson: throw self.options.unsupported([.table, .json, .ndjson], by: "info")
    }
  }
}
