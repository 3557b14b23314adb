public import QuakesModel

/// A feed the daemon polls, and how often.
public struct FeedSchedule: Hashable, Sendable, CustomStringConvertible {
  /// USGS regenerates the feeds every minute: polling faster only costs them.
  public static let minimumInterval: Duration = .seconds(60)

  /// The feed.
  public var feed: QuakesFeed
  /// The time between two polls after a success.
  public var interval: Duration

  /// Creates a schedule.
  ///
  /// - Throws: ``ConfigurationError`` when `interval` is under a minute.
  public init(feed: QuakesFeed, interval: Duration) throws(ConfigurationError) {
    guard interval >= Self.minimumInterval else {
      throw ConfigurationError(
        "the interval of \(feed.name) is \(DurationText.format(interval)); USGS regenerates its feeds every minute, so use 60s or more"
      )
    }
    self.feed = feed
    self.interval = interval
  }

  /// Parses `NAME` or `NAME=INTERVAL`, e.g. `all_day` or `all_day=5m`; without
  /// an interval, the feed's default (``defaultInterval(of:)``).
  public init(parsing text: String) throws(ConfigurationError) {
    let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
    guard let name = parts.first, let feed = QuakesFeed(name: name) else {
      throw ConfigurationError(
        "unknown feed \"\(parts.first ?? text)\"; feeds are \(QuakesFeed.allFeeds.map(\.name).joined(separator: ", "))")
    }
    guard parts.count == 2 else {
      try self.init(feed: feed, interval: Self.defaultInterval(of: feed))
      return
    }
    guard let interval = DurationText.parse(parts[1]) else {
      throw ConfigurationError(
        "the interval \"\(parts[1])\" of \(name) is not a duration; write e.g. 90s, 5m, 1h or 1d")
    }
    try self.init(feed: feed, interval: interval)
  }

  /// How often a feed is polled by default: hour feeds every minute, day feeds
  /// every 5 minutes, week feeds every hour, month feeds every 24 hours.
  public static func defaultInterval(of feed: QuakesFeed) -> Duration {
    switch feed.period {
    case .hour: .seconds(60)
    case .day: .seconds(300)
    case .week: .seconds(3_600)
    case .month: .seconds(86_400)
    }
  }

  /// The default feed set: the seed's four ranges at their default intervals.
  public static let defaults: [FeedSchedule] = [QuakesFeed.allHour, .allDay, .allWeek, .allMonth].compactMap {
    try? FeedSchedule(feed: $0, interval: defaultInterval(of: $0))
  }

  public var description: String { "\(self.feed.name)=\(DurationText.format(self.interval))" }
}
