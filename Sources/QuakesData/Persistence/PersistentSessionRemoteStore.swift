public import QuakesModel

/// The remote store behind the persistent session: where quakes come from
/// (the USGS feeds over HTTP in the daemon, a double in unit tests).
public protocol PersistentSessionRemoteStore: Sendable {
  /// Fetches `feed`, sending `validators` as a conditional request.
  ///
  /// - Returns: ``RemoteFetch/notModified`` for a `304`, otherwise the batch.
  /// - Throws: an error whose description names the feed, the URL and the cause.
  func fetchRemoteQuakesQuery(feed: QuakesFeed, validators: FeedValidators) async throws -> RemoteFetch
}
