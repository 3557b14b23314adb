import ArgumentParser
import QuakesClient
import QuakesProtocol

/// `quakectl refresh`: fetch now, optionally waiting for the counts.
struct RefreshCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refresh", abstract: "Ask quakesd to fetch now; with --wait, print what each feed changed.")

  @OptionGroup var options: GlobalOptions

  @Option(help: ArgumentHelp("Only this feed, e.g. all_day (default: every feed quakesd polls).", valueName: "feed"))
  var feed: String?

  @Flag(help: "Wait until the fetch was written and print inserted/updated/deleted counts.")
  var wait = false

  func run() throws {
    // A waited refresh lasts as long as the fetch: up to the daemon's request timeout.
    let client =
      self.wait
      ? QuakesClient(sockets: self.options.client().sockets, timeout: .seconds(max(self.options.timeout, 180)))
      : self.options.client()
    let result = try client.call(
      .refresh, params: RefreshParams(feed: self.feed, wait: self.wait))
    switch self.options.outputFormat {
    case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
    case .csv:
      write(
        CSVField.document(
          header: ["feed", "outcome", "inserted", "updated", "deleted", "error"], rows: result.feeds.map(Self.csvRow)))
    case .table:
      for feed in result.feeds {
        switch feed.outcome {
        case .written:
          write(
            "\(feed.feed): \(feed.inserted ?? 0) inserted, \(feed.updated ?? 0) updated, \(feed.deleted ?? 0) deleted\n"
          )
        case .notModified: write("\(feed.feed): not modified\n")
        case .failed: write("\(feed.feed): failed: \(feed.error ?? "unknown error")\n")
        case .started, .running: write("\(feed.feed): \(feed.outcome.rawValue)\n")
        }
      }
    case .geojson: throw self.options.unsupported([.table, .json, .ndjson, .csv], by: "refresh")
    }
    if !result.feeds.isEmpty, result.feeds.allSatisfy({ $0.outcome == .failed }) {
      throw ExitCode.failure
    }
  }

  private static func csvRow(_ feed: RefreshResult.Feed) -> [String] {
    let counts: [String] = [feed.inserted, feed.updated, feed.deleted].map { $0.map(String.init) ?? "" }
    return [feed.feed, feed.outcome.rawValue] + counts + [feed.error ?? ""]
  }
}
