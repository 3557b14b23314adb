import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesProtocol

/// `quakectl export`: every cached quake the filters keep, for a file or a pipe.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Print every cached quake the filters keep, as NDJSON unless --format says json, csv or geojson.",
    discussion: """
      list without a limit, for files and pipes: quakesd sends the quakes 500 a line and quakectl prints each line as
      it comes, so neither holds the whole cache, however large. Each line of a stream has its own --timeout.
      """)

  @OptionGroup var options: GlobalOptions

  @OptionGroup var filter: FilterOptions

  @OptionGroup var ordering: OrderOptions

  func validate() throws {
    try self.ordering.validate(with: self.filter)
  }

  func run() throws {
    let format = self.options.format ?? .ndjson
    guard format != .table else {
      throw self.options.unsupported([.ndjson, .json, .csv, .geojson], by: "export")
    }
    let params = ListParams(
      filter: try self.filter.params(utc: self.options.utc, now: Date()), sort: self.ordering.sort,
      order: self.ordering.effectiveOrder, limit: nil, offset: nil)
    _ = try printList(params, format: format, options: self.options)
  }
}
