import CoreMetrics
import QuakesData
import QuakesUSGS

extension DaemonMetrics {
  /// The `code` label of an FDSN request whose transfer failed (no status).
  static let transportError = "transport_error"

  /// Every `outcome` label of `quakesd_history_windows_total`.
  static let windowOutcomes = ["written", "write_failed"]

  /// Every `phase` label of `quakesd_history_jobs_total`: how a job ended.
  static let jobEndings = ["done", "failed", "cancelled"]

  /// The FDSN event service answered a request with `outcome`'s status, or
  /// its transfer failed. Each attempt counts: a 429 followed by a 200 is
  /// two requests. A status outside HTTP's 100-599 (the service is
  /// configurable) is `other`, so the label's values stay few.
  func fdsnAnswered(_ outcome: Result<Int, NetworkError>) {
    let code =
      switch outcome {
      case .success(let status) where (100...599).contains(status): String(status)
      case .success: "other"
      case .failure: Self.transportError
      }
    Counter(label: Name.fdsnRequests, dimensions: [("code", code)], factory: self.factory).increment()
  }

  /// The series of the history metrics at zero, so that a rate or an alert
  /// on them has one before the first backfill.
  func startHistorySeries() {
    for code in ["200", "429", "503", Self.transportError] {
      Counter(label: Name.fdsnRequests, dimensions: [("code", code)], factory: self.factory).increment(by: 0)
    }
    for kind in HistoryJob.Kind.allCases {
      let dimensions = [("kind", kind.rawValue)]
      Counter(label: Name.historyEventsFetched, dimensions: dimensions, factory: self.factory).increment(by: 0)
      for outcome in Self.windowOutcomes {
        Counter(label: Name.historyWindows, dimensions: dimensions + [("outcome", outcome)], factory: self.factory)
          .increment(by: 0)
      }
      for phase in Self.jobEndings {
        Counter(label: Name.historyJobs, dimensions: dimensions + [("phase", phase)], factory: self.factory)
          .increment(by: 0)
      }
    }
  }

  /// Counts what a transition did to the history jobs: the events a
  /// fetched window held, a window committed (and its rows) or refused by
  /// the database, and a job that stopped running, by how it ended. A job
  /// read back from the database at start ends nothing.
  func recordHistory(oldState: QuakesState, action: QuakesAction, newState: QuakesState) {
    switch action {
    case .data(.persistentSession(.remoteStore(.didFetchHistory(job: let id, window: _, date: _, result: .success)))):
      let fetched = (newState.history[id.kind]?.eventsFetched ?? 0) - (oldState.history[id.kind]?.eventsFetched ?? 0)
      if fetched > 0 {
        Counter(label: Name.historyEventsFetched, dimensions: [("kind", id.kind.rawValue)], factory: self.factory)
          .increment(by: Int64(fetched))
      }
    case .data(.persistentSession(.localStore(.didWriteHistory(job: let job, diff: let diff, stored: _)))):
      self.window(of: job.kind, "written")
      self.wroteRows(diff.counts)
    case .data(
      .persistentSession(.localStore(.didFailMutation(mutation: .historyQuakes(job: let job), date: _, error: _)))):
      self.window(of: job.kind, "write_failed")
    default:
      break
    }
    for kind in HistoryJob.Kind.allCases {
      guard oldState.history[kind]?.isRunning == true, let job = newState.history[kind], !job.isRunning else {
        continue
      }
      Counter(
        label: Name.historyJobs, dimensions: [("kind", kind.rawValue), ("phase", job.phase.name)],
        factory: self.factory
      ).increment()
    }
  }

  private func window(of kind: HistoryJob.Kind, _ outcome: String) {
    Counter(
      label: Name.historyWindows, dimensions: [("kind", kind.rawValue), ("outcome", outcome)], factory: self.factory
    ).increment()
  }
}
