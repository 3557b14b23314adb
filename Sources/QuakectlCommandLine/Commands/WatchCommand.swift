import ArgumentParser
import FoundationEssentials
import Glibc
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl watch`: prints changes as they happen, until interrupted; with
/// filter flags, the changes of the quakes they match (a quake that comes to
/// match is inserted, one that stops matching is deleted).
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Print quakes as they are inserted, updated or deleted, until interrupted (no timeout).")

  @OptionGroup var options: GlobalOptions
  @OptionGroup var filter: FilterOptions

  func run() throws {
    // A parent may have blocked or ignored SIGINT/SIGTERM; Ctrl-C must stop a watch.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    sigprocmask(SIG_UNBLOCK, &signals, nil)
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)

    let format = self.options.outputFormat
    let output = self.options.quakeOutput
    if format == .csv { write(CSVField.document(header: QuakeOutput.csvColumns, rows: [])) }
    let filter = try self.filter.params(utc: self.options.utc)
    try self.options.client(waitingForever: true).watch(filter: filter) { event in
      switch format {
      case .json, .ndjson: write(try QuakeOutput.jsonLine(event))
      case .geojson:
        if let quakes = event.inserted.map({ $0 + (event.updated ?? []) }), !quakes.isEmpty {
          write(try output.geoJSON(quakes))
        }
      case .csv:
        for quake in (event.inserted ?? []) + (event.updated ?? []) {
          write(QuakeOutput.csvRow(quake).map(CSVField.quoted).joined(separator: ",") + "\r\n")
        }
      case .table:
        write(Self.text(event, output: output))
      }
    }
  }

  static func text(_ event: WatchEvent, output: QuakeOutput) -> String {
    switch event.event {
    case .changes:
      let rows = (event.inserted ?? []).map { ("+", $0) } + (event.updated ?? []).map { ("~", $0) }
      var lines = rows.map { mark, quake in
        "\(mark) \(quake.id)  \(quake.magnitude.map { String(printf: "M%.1f", $0) } ?? "M-")  \(quake.place ?? "-")"
      }
      lines += (event.deleted ?? []).map { "- \($0)" }
      return lines.map { $0 + "\n" }.joined()
    case .status:
      guard let status = event.status else { return "" }
      return "status: \(Plural.count(status.cache.count, "quake")); "
        + status.feeds.map { "\($0.feed) \($0.state.rawValue)" }.joined(separator: ", ") + "\n"
    case .purged: return "purged: the cache was emptied\n"
    case .reloaded: return "reloaded: \(Plural.count(event.count ?? 0, "quake")) from the database\n"
    }
  }
}
