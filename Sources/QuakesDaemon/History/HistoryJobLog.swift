import Foundation
import Logging
import QuakesData
import QuakesModel

/// Logs when a backfill starts (or resumes) and ends, with its span, its
/// filters and its counts, so that the log says what a backfill did without
/// `quakectl backfill --status`. A reconciliation, which runs on its own
/// every `reconcile`, is logged at debug unless it fails.
struct HistoryJobLog: Sendable {
  let logger: Logger

  /// Logs a job `current` holds running (one read back at start and
  /// resumed), then follows `transitions` until they end.
  func run(
    from current: [HistoryJob.Kind: HistoryJob],
    _ transitions: AsyncStream<(oldState: QuakesState, action: QuakesAction, newState: QuakesState)>
  ) async {
    self.log(Self.lines(from: [:], to: current))
    for await (oldState, _, newState) in transitions {
      self.log(Self.lines(from: oldState.history, to: newState.history))
    }
  }

  private func log(_ lines: [(Logger.Level, String)]) {
    for (level, line) in lines {
      self.logger.log(level: level, "\(line)")
    }
  }

  /// What to log of a transition from `old` to `new`: a job that started
  /// running (a new run, or one read back and resumed) and one that stopped.
  static func lines(
    from old: [HistoryJob.Kind: HistoryJob], to new: [HistoryJob.Kind: HistoryJob]
  ) -> [(Logger.Level, String)] {
    guard old != new else { return [] }
    return HistoryJob.Kind.allCases.compactMap { kind -> (Logger.Level, String)? in
      guard let job = new[kind] else { return nil }
      let before = old[kind]
      let quiet: Logger.Level = kind == .backfill ? .info : .debug
      if job.isRunning, before?.isRunning != true || before?.id != job.id {
        let resumed = job.cursor > job.query.since ? "resumed at \(Self.time(job.cursor)) of" : "started:"
        return (quiet, "\(kind.rawValue) \(resumed) \(Self.span(job))")
      }
      guard before?.isRunning == true, before?.id == job.id, !job.isRunning else { return nil }
      let counts =
        "\(Plural.count(job.eventsFetched, "event")) fetched in \(Plural.count(job.windowsDone, "window")), "
        + "\(job.eventsWritten) written, \(job.eventsRemoved) removed"
      let took =
        job.finished.map { " in \(DurationText.format(.seconds(max(0, $0.timeIntervalSince(job.started)).rounded())))" }
        ?? ""
      switch job.phase {
      case .failed(let message):
        return (
          .warning,
          "\(kind.rawValue) failed: \(message) (\(counts); \(Self.span(job)), done up to \(Self.time(job.cursor)))"
        )
      default:
        return (quiet, "\(kind.rawValue) \(job.phase.name)\(took): \(counts); \(Self.span(job))")
      }
    }
  }

  /// `2020-01-01T00:00:00.000Z to 2020-03-01T00:00:00.000Z (minmagnitude=2.5)`.
  private static func span(_ job: HistoryJob) -> String {
    let filters = job.query.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    return "\(Self.time(job.query.since)) to \(Self.time(job.query.until))" + (filters.isEmpty ? "" : " (\(filters))")
  }

  private static func time(_ milliseconds: Int64) -> String {
    Timestamp.iso8601(Timestamp.date(milliseconds: milliseconds))
  }
}
