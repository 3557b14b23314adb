/// The result of `quakes.refresh`: one entry per feed asked for.
///
/// Without `wait`, every outcome is `started` (or `running`, when the feed
/// was already being fetched: the two coalesce). With `wait`, each is
/// `written` with its counts, `notModified`, or `failed` with a message.
public struct RefreshResult: Hashable, Sendable, Codable {
  /// The feeds, in catalogue order.
  public var feeds: [Feed]

  /// Creates a result.
  public init(feeds: [Feed]) {
    self.feeds = feeds
  }
}

extension RefreshResult {
  /// How the refresh of one feed went.
  public struct Feed: Hashable, Sendable, Codable {
    /// The feed's name.
    public var feed: String
    /// `started`, `running`, `written`, `notModified` or `failed`.
    public var outcome: RefreshOutcome
    /// With `written`: what the batch changed.
    public var inserted: Int?
    /// With `written`: what the batch changed.
    public var updated: Int?
    /// With `written`: what the batch changed.
    public var deleted: Int?
    /// With `failed`: why.
    public var error: String?

    /// Creates an entry.
    public init(
      feed: String, outcome: RefreshOutcome, inserted: Int? = nil, updated: Int? = nil, deleted: Int? = nil,
      error: String? = nil
    ) {
      self.feed = feed
      self.outcome = outcome
      self.inserted = inserted
      self.updated = updated
      self.deleted = deleted
      self.error = error
    }
  }
}
