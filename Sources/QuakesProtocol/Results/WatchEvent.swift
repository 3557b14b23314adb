public import QuakesModel

/// One line of a `quakes.watch` stream.
///
/// The first is a `status` event with the whole status; then `changes`
/// events (the quakes one write inserted, updated or deleted), `status`
/// events when a feed's state changed, `purged` when the cache was emptied
/// and `reloaded` when it was read back from the database (after a failed
/// write): after those two, a client that mirrors the cache lists it again.
public struct WatchEvent: Hashable, Sendable, Codable {
  /// `status`, `changes`, `purged` or `reloaded`.
  public var event: WatchEventKind
  /// With `status`: the daemon's status.
  public var status: StatusResult?
  /// With `changes`: the feed whose batch made them; absent for a delete.
  public var feed: String?
  /// With `changes`: quakes new to the cache.
  public var inserted: [Quake]?
  /// With `changes`: quakes that changed, as they are now.
  public var updated: [Quake]?
  /// With `changes`: the ids of quakes removed.
  public var deleted: [String]?
  /// With `reloaded`: how many quakes the cache holds now.
  public var count: Int?

  /// Creates an event.
  public init(
    event: WatchEventKind, status: StatusResult? = nil, feed: String? = nil, inserted: [Quake]? = nil,
    updated: [Quake]? = nil, deleted: [String]? = nil, count: Int? = nil
  ) {
    self.event = event
    self.status = status
    self.feed = feed
    self.inserted = inserted
    self.updated = updated
    self.deleted = deleted
    self.count = count
  }
}
