import ArgumentParser
import FoundationEssentials
import Glibc
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl status`: the daemon, the cache, the database and each feed.
struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract:
      "Show the daemon, the cache and each feed: last poll, outcome, next poll; exit 7 if quakesd is not running.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let status = try self.options.client().call(.status)
    switch self.options.outputFormat {
    case .json, .ndjson: write(try QuakeOutput.jsonLine(status))
    case .csv: write(Self.csv(status.feeds))
    case .table: write(Self.table(status, now: Date()))
    case .geojson: throw self.options.unsupported([.table, .json, .ndjson, .csv], by: "status")
    }
  }

  static func table(_ status: StatusResult, now: Date) -> String {
    let age = { (text: String?) in relativeAge(text, now: now) }
    var lines = [
      "quakesd \(status.daemon.version), pid \(status.daemon.pid), up since \(age(status.daemon.startedAt).replacing(" ago", with: ""))",
      "cache: \(Plural.count(status.cache.count, "quake")) (\(status.cache.state.rawValue))"
        + (status.cache.error.map { "; \($0)" } ?? ""),
      Self.databaseLine(status),
    ]
    if let error = status.cache.lastWriteError { lines.append("last write error: \(error)") }
    if let retention = status.cache.retention {
      let last = retention.lastRemoved.map { "; last \($0), \(age(retention.lastRemoval))" } ?? ""
      lines.append(
        "retention: \(Plural.count(retention.rules, "rule")); "
          + "removed \(Plural.count(retention.removed, "quake")) since the start\(last)")
    }
    if let alerts = status.alerts {
      let done = alerts.activity
      lines.append(
        "alerts: \(Plural.count(alerts.rules, "rule")); fired \(done.fired) (last \(age(done.lastFired))); "
          + "delivered \(done.delivered), pending \(done.pending), failed \(done.failed), held back \(done.heldBack)")
    }
    for job in [status.history?.backfill, status.history?.reconcile].compactMap({ $0 }) {
      lines.append(
        job.phase == "running"
          ? "\(job.kind): running, \(BackfillProgress.line(job))"
          : "\(job.kind): \(job.phase) \(age(job.finished))"
            + (job.error.map { ": \($0)" } ?? ""))
    }
    var table = TextTable(columns: [
      .init("FEED"), .init("STATE"), .init("EVERY", alignsRight: true), .init("LAST SUCCESS"), .init("NEXT POLL"),
      .init("LAST WRITE"), .init("ERROR"),
    ])
    table.rows = status.feeds.map { feed in
      [
        feed.feed, feed.state.rawValue, feed.intervalSeconds.map { Self.interval($0) } ?? "-", age(feed.lastSuccess),
        feed.nextPoll.flatMap { Timestamp.parseISO8601($0) }.map { RelativeAge.text($0, now: now) } ?? "-",
        feed.lastWrite.map { "+\($0.inserted) ~\($0.updated) -\($0.deleted)" } ?? "-", feed.lastError?.message ?? "",
      ]
    }
    return lines.joined(separator: "\n") + "\n\n" + table.render()
  }

  /// Where the cache is: the SQLite file, memory, or a shared store and
  /// this instance's part in it.
  private static func databaseLine(_ status: StatusResult) -> String {
    if let store = status.store {
      let term = store.epoch.map { ", term \($0)" } ?? ""
      let lag = store.lagSeconds.map { String(printf: ", %.3f s behind", $0) } ?? ""
      return "store: \(store.url), \(store.role)\(term), change \(store.change)\(lag)"
    }
    return "database: "
      + (status.database.path.map { "\($0), \(Self.size(status.database.sizeBytes))" } ?? "in memory (--ephemeral)")
  }

  static func csv(_ feeds: [StatusResult.Feed]) -> String {
    let header = [
      "feed", "state", "interval_seconds", "last_attempt", "last_success", "next_poll", "inserted", "updated",
      "deleted",
      "error",
    ]
    return CSVField.document(header: header, rows: feeds.map(Self.csvRow))
  }

  private static func csvRow(_ feed: StatusResult.Feed) -> [String] {
    let counts: [String] =
      feed.lastWrite.map { [String($0.inserted), String($0.updated), String($0.deleted)] } ?? ["", "", ""]
    let times: [String] = [feed.lastAttempt ?? "", feed.lastSuccess ?? "", feed.nextPoll ?? ""]
    return [feed.feed, feed.state.rawValue, feed.intervalSeconds.map(String.init) ?? ""] + times + counts + [
      feed.lastError?.message ?? ""
    ]
  }

  private static func size(_ bytes: Int?) -> String {
    guard let bytes else { return "size unknown" }
    return ByteCountText.file(Int64(bytes))
  }

  private static func interval(_ seconds: Int) -> String {
    seconds % 86_400 == 0
      ? "\(seconds / 86_400)d"
      : seconds % 3_600 == 0
        ? "\(seconds / 3_600)h"
        : seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
  }
}
