public import FoundationEssentials
import QuakesModel
public import QuakesProtocol

/// What `quakectl health` tells a monitor, judged from `quakes.status`: the
/// daemon is healthy when its cache loaded and every scheduled feed had a
/// success recently enough (``HealthMaxAge``).
///
/// A feed that has not succeeded since quakesd started is judged from the
/// start instead, so a monitor does not fire in the first intervals after a
/// boot, even when the last success the database remembers is old. Feeds
/// fetched only on request (no interval) are not judged; a cache still
/// loading is not a problem, one that failed to load is.
public struct HealthReport: Hashable, Sendable, Codable {
  /// Whether nothing is wrong.
  public var healthy: Bool
  /// Each scheduled feed, in the status's order.
  public var feeds: [Feed]
  /// One line per problem, for people and for a Nagios-style check's output.
  public var problems: [String]

  /// One scheduled feed's verdict.
  public struct Feed: Hashable, Sendable, Codable {
    /// Its name, e.g. `all_day`.
    public var feed: String
    /// Whether its last success (or the daemon's start) is recent enough.
    public var healthy: Bool
    /// When a batch of it was last applied; absent when none was since the start.
    public var lastSuccess: String?
    /// Seconds since then, or since the daemon's start when that is later.
    public var ageSeconds: Double
    /// The most seconds allowed.
    public var maxAgeSeconds: Double
  }

  /// The verdict on `status` at `now`.
  public init(status: StatusResult, now: Date, maxAge: HealthMaxAge) {
    var problems: [String] = []
    if status.cache.state == .failed {
      problems.append("cache: failed to load" + (status.cache.error.map { ": \($0)" } ?? ""))
    }
    let started = Timestamp.parseISO8601(status.daemon.startedAt) ?? now
    self.feeds = status.feeds.compactMap { feed in
      guard let interval = feed.intervalSeconds else { return nil }
      let success = feed.lastSuccess.flatMap(Timestamp.parseISO8601)
      // A success recorded before this start (the database keeps it) is not
      // held against a daemon that has not had its intervals yet.
      let age = max(0, now.timeIntervalSince(max(success ?? started, started)))
      let allowed = maxAge.seconds(forInterval: interval)
      let healthy = age <= allowed
      if !healthy {
        let since =
          success == nil
          ? "no success since quakesd started \(RelativeAge.text(started, now: now))"
          : "last success \(RelativeAge.text(success ?? now, now: now))"
        let error = feed.lastError.map { "; last error: \($0.message)" } ?? ""
        problems.append("\(feed.feed): \(since), longer than the \(RelativeAge.span(allowed)) allowed\(error)")
      }
      return Feed(
        feed: feed.feed, healthy: healthy, lastSuccess: feed.lastSuccess, ageSeconds: age.rounded(),
        maxAgeSeconds: allowed)
    }
    self.problems = problems
    self.healthy = problems.isEmpty
  }

  /// The one line of a healthy report: each feed and the age of its last success.
  public func summary(now: Date) -> String {
    guard !self.feeds.isEmpty else { return "ok: quakesd runs; no feed is scheduled" }
    let feeds = self.feeds.map { feed in
      feed.lastSuccess == nil
        ? "\(feed.feed) not yet (starting)" : "\(feed.feed) \(RelativeAge.span(feed.ageSeconds)) ago"
    }
    return "ok: every scheduled feed polled on time (\(feeds.joined(separator: ", ")))"
  }
}
