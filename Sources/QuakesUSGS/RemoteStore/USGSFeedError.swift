public import Foundation
public import QuakesModel

/// Why a feed could not be fetched, as the operator reads it in the feed's
/// status: which feed, which URL, what happened, and what the daemon does.
///
/// For example: `cannot fetch feed all_day from
/// https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson:
/// the server answered HTTP/1.1 503 Service Unavailable. quakesd keeps the
/// cached quakes and tries again later.`
public struct USGSFeedError: LocalizedError, Hashable, Sendable {
  /// The feed that was fetched.
  public let feed: QuakesFeed
  /// The URL that was requested.
  public let url: String
  /// What went wrong.
  public let cause: Cause

  /// Creates an error.
  public init(feed: QuakesFeed, url: String, cause: Cause) {
    self.feed = feed
    self.url = url
    self.cause = cause
  }

  /// `cannot fetch feed <feed> from <url>: <what happened>. <what to do> <what the daemon does>`.
  public var errorDescription: String? {
    self.cause.sentence("cannot fetch feed \(self.feed.name) from \(self.url)")
      + " quakesd keeps the cached quakes and tries again later."
  }
}
