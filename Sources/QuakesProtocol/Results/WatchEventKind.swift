/// What a `quakes.watch` line reports, its `"event"`.
public enum WatchEventKind: String, CaseIterable, Hashable, Sendable, Codable {
  /// The whole status: first, then whenever a feed or the cache changed state.
  case status
  /// The quakes one write inserted, updated or deleted.
  case changes
  /// The cache was emptied.
  case purged
  /// The cache was read back from the database (after a failed write).
  case reloaded
}
