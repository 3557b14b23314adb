public import ArgumentParser
import FoundationEssentials
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl list`: the cached quakes, filtered, sorted and paged by the daemon.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List cached quakes, newest first unless told otherwise.")

  @OptionGroup var options: GlobalOptions

  @OptionGroup var filter: FilterOptions

  @OptionGroup var ordering: OrderOptions

  @Option(help: ArgumentHelp("At most this many quakes (default 20 on a terminal, all otherwise).", valueName: "N"))
  var limit: Int?

  @Option(help: ArgumentHelp("Skip this many quakes first.", valueName: "N"))
  var offset: Int?

  func validate() throws {
    try self.ordering.validate(with: self.filter)
    if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, not \(limit)") }
    if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more, not \(offset)") }
  }

  func run() throws {
    let format = self.options.outputFormat
    // A table's note says how many matched: a person reads it, and may
    // wait for the count. Scripts get the page alone, as fast as it reads.
    var params = try self.params(defaultLimit: format == .table ? 20 : nil)
    params.matched = format == .table ? true : nil
    let printer = try printList(params, format: format, options: self.options)
    guard format == .table, printer.hasMore else { return }
    let note =
      if let matched = printer.matched {
        "\(printer.count) of \(Plural.count(matched, "quake")); --limit and --offset show more\n"
      } else {
        "\(Plural.count(printer.count, "quake")) and more; --limit and --offset show more\n"
      }
    writeStandardError(Data(note.utf8))
  }

  /// The request params; relative times are resolved against now.
  func params(defaultLimit: Int?, now: Date = Date()) throws -> ListParams {
    ListParams(
      filter: try self.filter.params(utc: self.options.utc, now: now), sort: self.ordering.sort,
      order: self.ordering.effectiveOrder, limit: self.limit ?? defaultLimit, offset: self.offset)
  }
}

/// Asks for the list `params` selects and prints it in `format` as it
/// arrives; returns the printer, which counted what it printed.
func printList(_ params: ListParams, format: OutputFormat, options: GlobalOptions) throws -> QuakeListPrinter {
  var printer = QuakeListPrinter(format: format, output: options.quakeOutput)
  try options.client().list(params) { page in write(try printer.add(page)) }
  write(try printer.finish())
  return printer
}

extension QuakesQuery.SortKey: ExpressibleByArgument {}
extension QuakesQuery.Order: ExpressibleByArgument {}
