/// What the remote store got for a feed.
public enum RemoteFetch: Hashable, Sendable {
  /// The feed changed since the validators sent: here is its content.
  case modified(FeedBatch)
  /// The server answered `304 Not Modified`.
  case notModified
}
