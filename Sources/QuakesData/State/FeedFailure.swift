public import Foundation

/// A fetch that failed: when, and the message that says why.
public struct FeedFailure: Hashable, Sendable {
  /// When the fetch failed.
  public var date: Date
  /// What went wrong, naming the feed, the URL and the cause.
  public var message: String

  /// Creates a failure record.
  public init(date: Date, message: String) {
    self.date = date
    self.message = message
  }
}
