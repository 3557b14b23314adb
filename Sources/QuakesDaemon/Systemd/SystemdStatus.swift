import QuakesModel

/// The one-line `STATUS=` texts `systemctl status quakesd` shows.
enum SystemdStatus {
  /// Once the cache is loaded and the sockets listen.
  static func ready(cached: Int) -> String {
    "serving \(Plural.count(cached, "cached quake")); first polls under way"
  }

  /// After each poll: its outcome, and what the cache holds.
  static func afterPoll(of feed: QuakesFeed, _ outcome: PollOutcome, cached: Int) -> String {
    switch outcome {
    case .written(let counts):
      "\(feed): \(counts.inserted) inserted, \(counts.updated) updated, \(counts.deleted) deleted; \(Plural.count(cached, "quake")) cached"
    case .notModified:
      "\(feed): not modified; \(Plural.count(cached, "quake")) cached"
    case .fetchFailed(let message):
      "\(feed) failed: \(message); serving \(Plural.count(cached, "cached quake"))"
    case .writeFailed(let message):
      "\(feed) not written: \(message); serving \(Plural.count(cached, "cached quake"))"
    }
  }

  /// At the start of a graceful stop.
  static let stopping = "stopping: finishing the write in flight"
}
