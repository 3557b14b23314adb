public import QuakesModel

/// The remote store behind the persistent session: where quakes come from
/// (the USGS feeds over HTTP in the daemon, a double in unit tests).
public protocol PersistentSessionRemoteStore: Sendable {
  /// Fetches `feed`, sending `validators` as a conditional request.
  ///
  /// - Returns: ``RemoteFetch/notModified`` for a `304`, otherwise the batch.
  /// - Throws: an error whose description names the feed, the URL and the cause.
  func fetchRemoteQuakesQuery(feed: QuakesFeed, validators: FeedValidators) async throws -> RemoteFetch

  /// Counts the events of `query` whose origin time lies in `window`.
  ///
  /// - Throws: an error whose description names the request and the cause,
  ///   once the remote store's polite retries are spent.
  func countRemoteQuakesQuery(history query: HistoryQuery, window: HistoryWindow) async throws -> HistoryCount

  /// Fetches the events of `query` whose origin time lies in `window`.
  ///
  /// - Throws: ``HistoryWindowTooLarge`` when the service refuses because
  ///   the window holds too many events; another error, naming the request
  ///   and the cause, once the polite retries are spent.
  func fetchRemoteQuakesQuery(history query: HistoryQuery, window: HistoryWindow) async throws -> FeedBatch
}
