/// The params of `quakes.refresh`.
public struct RefreshParams: Hashable, Sendable, Codable {
  /// The feed to fetch, e.g. `all_day`; every enabled feed when absent.
  public var feed: String?
  /// Whether to reply only when the fetch was written, with its counts.
  public var wait: Bool?

  /// Creates params for a refresh.
  public init(feed: String? = nil, wait: Bool? = nil) {
    self.feed = feed
    self.wait = wait
  }
}
