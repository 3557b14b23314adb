import Foundation
import QuakesData
import QuakesModel

/// How far the last retention run looked, so that the next reads only the
/// quakes that may have come to expire since, not every quake its rules
/// keep (with "M4.5+ forever, the rest 30 days", a backfilled history of
/// kept M4.5+ quakes would be read again after every poll).
///
/// Between two runs with the same rules, a quake can come to expire only by
///
/// - growing older than a limit: its time lies between the last run's
///   `now` and this run's, less the rule's limit;
/// - no longer being carried by a polled feed: it was carried, so its time
///   is after the last run's ``oldestCarried``;
/// - being written (inserted, or updated so that another rule matches it):
///   its id is among ``written``.
///
/// Anything else (other rules, a clock that went back, more writes than
/// ``writtenLimit``, a restart) makes the next run read everything its
/// rules match, as the first one does.
struct RetentionMark: Sendable {
  /// The rules the last run applied.
  let rules: [RetentionRule]
  /// The last run's time.
  let now: Date
  /// The oldest time a polled feed carried a quake from at the last run.
  let oldestCarried: Date?
  /// The quakes written since the last run; `nil` once there were more than
  /// ``writtenLimit``.
  private(set) var written: Set<Quake.ID>? = []

  /// More written quakes than this since the last run make the next one whole.
  static let writtenLimit = 10_000

  init(after plan: Retention.Plan) {
    self.rules = plan.rules
    self.now = plan.now
    self.oldestCarried = plan.oldestCarried
  }

  /// Notes the quakes `diff` inserted or updated.
  mutating func noteWritten(_ diff: QuakesDiff) {
    guard var written = self.written else { return }
    written.formUnion((diff.inserted + diff.updated).lazy.map(\.id))
    self.written = written.count > Self.writtenLimit ? nil : written
  }

  /// For `plan`, when it can follow this mark: the oldest time each of its
  /// candidates (``Retention/Plan/candidates``) needs reading from, and the
  /// ids written since; `nil` when everything must be read.
  func since(for plan: Retention.Plan) -> (from: [Date], written: Set<Quake.ID>)? {
    guard plan.rules == self.rules, plan.now >= self.now, let written = self.written else { return nil }
    let from = plan.rules.compactMap(\.keepSeconds).map { keep in
      min(self.now.addingTimeInterval(-keep), self.oldestCarried ?? .distantFuture)
    }
    return (from, written)
  }
}
