import ArgumentParser
import FoundationEssentials
import Glibc
import QuakesClient
import QuakesModel
import QuakesProtocol

/// `quakectl backfill`: fetch history from the USGS FDSN event service,
/// follow it, see it, stop it.
struct BackfillCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backfill",
    abstract: "Fetch past events from the USGS FDSN event service into the cache (quakesd does the work).",
    discussion: """
      quakesd counts the events first, splits the span into windows of at most 20,000 events (the service's limit),
      and fetches them one request at a time, at least fdsn-interval apart (0.6 s), backing off when the service asks.
      Progress is saved after every window: after a restart the backfill resumes where it stopped; running the same
      backfill again after --cancel or a failure resumes it too. A backfill inserts and updates, and never deletes.
      Only filters the service applies are accepted. --status and --wait work on query.sock too.

      Exit status: 0 started, running or done; 1 failed or cancelled (with --wait or --status); 2 usage or a filter
      the service cannot apply; 10 --cancel with no backfill running.
      """)

  @OptionGroup var options: GlobalOptions
  @OptionGroup var filters: BackfillFilterOptions

  @Flag(help: "Show the last backfill and reconciliation and exit.")
  var status = false

  @Flag(help: "Stop the running backfill (what it wrote stays; the same backfill again resumes it).")
  var cancel = false

  @Flag(help: "Follow the backfill until it ends: a progress bar on a terminal, NDJSON lines with --format ndjson.")
  var wait = false

  func validate() throws {
    if self.status || self.cancel {
      guard !(self.status && self.cancel) else { throw ValidationError("give --status or --cancel, not both") }
      guard !self.filters.isGiven else {
        throw ValidationError("--status and --cancel take no filters: they act on the running backfill")
      }
    } else if self.filters.common.since == nil {
      throw ValidationError("give --since (the earliest origin time to fetch), or --status or --cancel")
    }
  }

  func run() throws {
    let client = self.options.client()
    let result: BackfillResult
    if self.status {
      result = try client.call(.backfillStatus)
    } else if self.cancel {
      result = try client.call(.backfillCancel)
    } else {
      result = try client.call(.backfill, params: self.filters.params())
    }
    guard self.wait, let job = result.backfill, job.phase == "running" else {
      try self.print(result)
      // A backfill that ended badly is a failure to whoever waits for it
      // or asks how it went (not to --cancel, which stopped it).
      if self.status || self.wait, let job = result.backfill { try Self.refuseUnfinished(job) }
      return
    }
    try self.follow(job, client: client)
  }

  /// Polls `backfill.status` until the job ends, printing each change.
  private func follow(_ first: HistoryJobResult, client: QuakesClient) throws {
    let format = self.options.outputFormat
    let terminal = isatty(STDOUT_FILENO) == 1 && format == .table
    var job = first
    var shown: HistoryJobResult?
    while true {
      if job != shown {
        switch format {
        case .ndjson, .json: write(try QuakeOutput.jsonLine(job))
        case .table where terminal: write("\r\u{1B}[2K" + BackfillProgress.line(job))
        case .table, .csv, .geojson: write(BackfillProgress.line(job) + "\n")
        }
        shown = job
      }
      guard job.phase == "running" else { break }
      usleep(250_000)
      let result = try client.call(.backfillStatus)
      guard let next = result.backfill, next.started == first.started else {
        throw ClientError.connection("the backfill being followed was replaced by another one")
      }
      job = next
    }
    if format == .table {
      write((terminal ? "\n" : "") + BackfillProgress.summary(job) + "\n")
    }
    try Self.refuseUnfinished(job)
  }

  /// Exits 1, saying why on standard error, when `job` failed or was cancelled.
  private static func refuseUnfinished(_ job: HistoryJobResult) throws {
    switch job.phase {
    case "failed":
      writeError("the \(job.kind) failed: \(job.error ?? "no reason given")")
    case "cancelled":
      writeError("the \(job.kind) was cancelled; the same backfill again resumes it")
    default:
      return
    }
    throw ExitCode.failure
  }

  private func print(_ result: BackfillResult) throws {
    switch self.options.outputFormat {
    case .json, .ndjson: write(try QuakeOutput.jsonLine(result))
    case .table, .csv, .geojson:
      guard result.backfill != nil || result.reconcile != nil else {
        write("no backfill or reconciliation has run\n")
        return
      }
      for job in [result.backfill, result.reconcile].compactMap({ $0 }) {
        write(BackfillProgress.summary(job) + "\n")
        if job.phase == "running" { write("  " + BackfillProgress.line(job) + "\n") }
      }
      if result.started == false { write("(the same backfill was already running)\n") }
    }
  }
}
