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

extension WatchEvent: JSONWritable {
  /// The members that are present, in sorted order; the status through
  /// `JSONEncoder` (it holds no quakes).
  public func writeJSON(to buffer: inout JSONBuffer) throws {
    buffer.append(raw: "{")
    if let count = self.count {
      buffer.append(raw: "\"count\":")
      buffer.append(count)
      buffer.append(raw: ",")
    }
    if let deleted = self.deleted {
      buffer.append(raw: "\"deleted\":[")
      for (index, id) in deleted.enumerated() {
        if index > 0 { buffer.append(raw: ",") }
        buffer.append(id)
      }
      buffer.append(raw: "],")
    }
    buffer.append(raw: "\"event\":")
    buffer.append(self.event.rawValue)
    if let feed = self.feed {
      buffer.append(raw: ",\"feed\":")
      buffer.append(feed)
    }
    if let inserted = self.inserted {
      buffer.append(raw: ",\"inserted\":")
      Self.write(inserted, to: &buffer)
    }
    if let status = self.status {
      buffer.append(raw: ",\"status\":")
      buffer.append(json: try WireJSON.encode(status))
    }
    if let updated = self.updated {
      buffer.append(raw: ",\"updated\":")
      Self.write(updated, to: &buffer)
    }
    buffer.append(raw: "}")
  }

  private static func write(_ quakes: [Quake], to buffer: inout JSONBuffer) {
    buffer.append(raw: "[")
    for (index, quake) in quakes.enumerated() {
      if index > 0 { buffer.append(raw: ",") }
      quake.writeJSON(to: &buffer)
    }
    buffer.append(raw: "]")
  }
}
