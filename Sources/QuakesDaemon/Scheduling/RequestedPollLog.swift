import Logging
import QuakesData
import QuakesModel

/// Logs the polls clients ask for (`quakectl refresh`, with `--wait` or
/// without, `quakes.refresh`) at the levels the scheduler logs its own: a
/// failed fetch as a warning, a failed write as an error, a written batch
/// at info, an unchanged feed at debug. A refresh that met a `500` or a
/// cut-short body used to leave no line at the default level; its client
/// may not even wait for the answer.
///
/// Each is logged once, as it ends; the scheduler's repeated-failure
/// quieting (``RepeatedFailures``) is for its own polls, which come every
/// interval, not for the ones a person asked for.
struct RequestedPollLog: Sendable {
  let logger: Logger

  /// Follows `transitions` (made before the sockets accept a client) until
  /// they end.
  func run(_ transitions: AsyncStream<(oldState: QuakesState, action: QuakesAction, newState: QuakesState)>) async {
    var following: [QuakesFeed: PollTracker] = [:]
    for await (oldState, action, newState) in transitions {
      // A refresh while the feed's fetch runs joins that fetch: it is the
      // scheduler's (or the first client's) to log.
      if case .client(.refresh(let feed)) = action, oldState.selectFeed(feed)?.status != .waiting,
        newState.selectFeed(feed)?.status == .waiting
      {
        following[feed] = PollTracker(feed)
      }
      for feed in Array(following.keys) {
        guard var tracker = following[feed] else { continue }
        if let outcome = tracker.outcome(after: oldState, action) {
          following[feed] = nil
          self.log(feed, outcome)
        } else {
          following[feed] = tracker
        }
      }
    }
  }

  private func log(_ feed: QuakesFeed, _ outcome: PollOutcome) {
    switch outcome {
    case .written(let counts):
      let counts = "\(counts.inserted) inserted, \(counts.updated) updated, \(counts.deleted) deleted"
      self.logger.info("polled \(feed) as a client asked: \(counts)")
    case .notModified:
      self.logger.debug("polled \(feed) as a client asked: not modified")
    case .fetchFailed(let message):
      self.logger.warning("polling \(feed) as a client asked failed: \(message)")
    case .writeFailed(let message):
      self.logger.error(
        "writing \(feed), polled as a client asked, failed, cache reloaded from the database: \(message)")
    }
  }
}
