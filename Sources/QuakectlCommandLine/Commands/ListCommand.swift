public import ArgumentParser
import Foundation
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl list`: the cached quakes, filtered, sorted and paged by the daemon.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List cached quakes, newest first unless told otherwise.")

  @OptionGroup var options: GlobalOptions

  @OptionGroup var filter: FilterOptions

  @Option(
    help: ArgumentHelp(
      "time, magnitude, significance, depth or distance (with --near; default time).", valueName: "key"))
  var sort: QuakesQuery.SortKey?

  @Option(
    help: ArgumentHelp(
      "reverse (newest or largest first, the default) or forward (oldest or smallest first).", valueName: "order"))
  var order: QuakesQuery.Order?

  /// `--reverse` or `--forward`: the short forms of `--order`, with the
  /// protocol's meaning (reverse is newest or largest first).
  @Flag var shortOrder: QuakesQuery.Order?

  @Option(help: ArgumentHelp("At most this many quakes (default 20 on a terminal, all otherwise).", valueName: "N"))
  var limit: Int?

  @Option(help: ArgumentHelp("Skip this many quakes first.", valueName: "N"))
  var offset: Int?

  func validate() throws {
    if self.sort == .distance, self.filter.near == nil {
      throw ValidationError("--sort distance needs --near, the point to measure from")
    }
    if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, not \(limit)") }
    if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more, not \(offset)") }
    if self.shortOrder != nil, self.order != nil {
      throw ValidationError("give one of --order, --reverse and --forward, not several")
    }
  }

  func run() throws {
    let format = self.options.outputFormat
    let params = try self.params(defaultLimit: format == .table ? 20 : nil)
    var printer = QuakeListPrinter(format: format, output: self.options.quakeOutput)
    try self.options.client().list(params) { page in write(try printer.add(page)) }
    write(try printer.finish())
    if format == .table, printer.matched > printer.count {
      FileHandle.standardError.write(
        Data("\(printer.count) of \(printer.matched) quakes; --limit and --offset show more\n".utf8))
    }
  }

  /// The request params; relative times are resolved against now.
  func params(defaultLimit: Int?, now: Date = Date()) throws -> ListParams {
    ListParams(
      filter: try self.filter.params(utc: self.options.utc, now: now), sort: self.sort,
      order: self.shortOrder ?? self.order, limit: self.limit ?? defaultLimit, offset: self.offset)
  }
}

extension QuakesQuery.SortKey: ExpressibleByArgument {}
extension QuakesQuery.Order: ExpressibleByArgument {}
