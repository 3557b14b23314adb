/// `quakes.status`'s `cache.state`: how loading the cache from the database went.
public enum CacheLoadState: String, CaseIterable, Hashable, Sendable, Codable {
  /// The daemon is reading the database (or has not started to).
  case loading
  /// The cache holds what the database holds.
  case loaded
  /// Loading, or a later write, failed; `cache.error` says why.
  case failed
}
