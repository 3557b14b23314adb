import ArgumentParser
import QuakesClient
import QuakesProtocol

/// `quakectl reload`: quakesd reads its configuration again, as on SIGHUP.
struct ReloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reload",
    abstract: "Make quakesd read its configuration again and apply what changed (as SIGHUP does).",
    discussion: """
      Feeds and intervals, timeouts, the largest feed, upstream deletions, the log level and the idle timeout change
      at once, and retention from the next poll; state-dir, runtime-dir, feed-base-url, fdsn-base-url, database-cache, metrics-listen, http-listen, http-max-events and http-event-cache need a restart, and are named when they changed. An invalid
      configuration changes nothing: quakesd runs on with the one it had, and reload exits 1 with the reason.
      """)

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let result = try self.options.client().call(.reload)
    switch self.options.outputFormat {
    case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
    case .table:
      let from = result.configFile.map { " from \($0)" } ?? " (no configuration file)"
      if result.applied.isEmpty && result.restartNeeded.isEmpty {
        write("reloaded\(from): nothing changed\n")
      } else if !result.applied.isEmpty {
        write("reloaded\(from): \(result.applied.joined(separator: ", ")) changed\n")
      } else {
        write("reloaded\(from)\n")
      }
      if !result.restartNeeded.isEmpty {
        write(
          "not applied until quakesd restarts: \(result.restartNeeded.joined(separator: ", ")) (systemctl restart quakesd)\n"
        )
      }
    case .csv, .geojson: throw self.options.unsupported([.table, .json, .ndjson], by: "reload")
    }
  }
}
