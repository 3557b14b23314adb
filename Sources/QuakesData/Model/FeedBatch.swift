public import Foundation
public import QuakesModel

/// One response from a feed that had changed: the quakes it lists and what
/// the response says about itself.
public struct FeedBatch: Hashable, Sendable {
  /// The quakes in the feed, in feed order.
  public var quakes: [Quake]
  /// The feed's `metadata.generated`: when USGS wrote it.
  public var generated: Date?
  /// The response's validators, for the next conditional request.
  public var validators: FeedValidators
  /// How many features lacked a required field (id, time, coordinates) and
  /// were left out of ``quakes``.
  public var skippedFeatures: Int
  /// For each quake whose USGS `ids` list names more ids than its own, those
  /// other ids. When USGS changes an event's preferred id (another network's
  /// solution wins), the old id stays in this list: a cached quake under one
  /// of these ids is the same event, and is replaced rather than kept twice.
  public var otherIds: [Quake.ID: [Quake.ID]]

  /// Creates a batch.
  public init(
    quakes: [Quake],
    generated: Date? = nil,
    validators: FeedValidators = FeedValidators(),
    skippedFeatures: Int = 0,
    otherIds: [Quake.ID: [Quake.ID]] = [:]
  ) {
    self.quakes = quakes
    self.generated = generated
    self.validators = validators
    self.skippedFeatures = skippedFeatures
    self.otherIds = otherIds
  }
}
