package import Foundation
package import QuakesModel

/// When the daemon polls each scheduled feed: what `quakes.status` shows
/// and which feeds `quakes.refresh` without a feed polls.
package protocol PollTimes: Sendable {
  /// The scheduled feeds, in order.
  var feeds: [QuakesFeed] { get }
  /// How often `feed` is polled; `nil` when it is not scheduled.
  func interval(of feed: QuakesFeed) -> Duration?
  /// When `feed` is polled next; `nil` when no poll is planned.
  func nextPoll(of feed: QuakesFeed) -> Date?
}
