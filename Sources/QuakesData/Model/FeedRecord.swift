public import Foundation

/// What the local store keeps about a feed, so a restarted daemon resumes
/// where it stopped: the validators for a conditional request, the
/// `metadata.generated` of the batch it applied, and when that happened.
public struct FeedRecord: Hashable, Sendable {
  /// The validators of the last response applied.
  public var validators: FeedValidators
  /// The feed's `metadata.generated` in the last batch applied.
  public var generated: Date?
  /// When the last batch was applied.
  public var lastSuccess: Date?

  /// Creates a record.
  public init(validators: FeedValidators = FeedValidators(), generated: Date? = nil, lastSuccess: Date? = nil) {
    self.validators = validators
    self.generated = generated
    self.lastSuccess = lastSuccess
  }

  /// Whether `batch` carries the `metadata.generated` of the batch this
  /// record was applied from: USGS stamps every regeneration of a feed anew,
  /// so such a batch is the same data, and changes no quake.
  public func hasApplied(_ batch: FeedBatch) -> Bool {
    batch.generated != nil && batch.generated == self.generated
  }
}
