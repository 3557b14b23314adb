public import Foundation

/// What the daemon knows about one feed: whether a fetch runs, how the last
/// one went, and what to send with the next one.
public struct FeedState: Hashable, Sendable {
  /// `nil` before the first fetch, ``Status/waiting`` while one runs, then
  /// the outcome of the last one.
  public var status: Status?
  /// What the local store keeps: validators, last `metadata.generated`,
  /// last success.
  public var record: FeedRecord
  /// When the last fetch finished, successful or not.
  public var lastAttempt: Date?
  /// The last failed fetch, kept after later successes so status can show it.
  public var lastFailure: FeedFailure?
  /// How many features of the last batch lacked a required field.
  public var skippedFeatures: Int
  /// What the last batch changed in the local store, once it was written.
  public var lastWrite: QuakesDiff.Counts?

  /// Creates the state of a feed.
  public init(
    status: Status? = nil,
    record: FeedRecord = FeedRecord(),
    lastAttempt: Date? = nil,
    lastFailure: FeedFailure? = nil,
    skippedFeatures: Int = 0,
    lastWrite: QuakesDiff.Counts? = nil
  ) {
    self.status = status
    self.record = record
    self.lastAttempt = lastAttempt
    self.lastFailure = lastFailure
    self.skippedFeatures = skippedFeatures
    self.lastWrite = lastWrite
  }
}
