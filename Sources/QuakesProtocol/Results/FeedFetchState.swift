/// `quakes.status`'s `feeds[].state`: how the last fetch of a feed went.
public enum FeedFetchState: String, CaseIterable, Hashable, Sendable, Codable {
  /// Never fetched since the daemon started.
  case idle
  /// A fetch is running.
  case fetching
  /// The last fetch worked (a `304 Not Modified` included).
  case ok
  /// The last fetch, or the write of its batch, failed.
  case failed
}
