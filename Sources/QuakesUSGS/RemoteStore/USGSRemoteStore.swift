public import QuakesData
public import QuakesModel

/// The remote store of the daemon: the USGS GeoJSON summary feeds over HTTP.
///
/// A fetch is a conditional GET of the feed's URL with the validators of the
/// last batch applied: `304 Not Modified` is ``RemoteFetch/notModified``
/// (nothing parsed, nothing written); `200` is decoded into a batch that
/// carries the response's `ETag` and `Last-Modified` for the next request;
/// anything else throws a ``USGSFeedError`` that names the feed, the URL and
/// the cause. The caller keeps its data on an error.
public struct USGSRemoteStore<Session: RemoteStoreNetworkSession>: PersistentSessionRemoteStore {
  /// Where the feeds live.
  public let catalogue: USGSFeedCatalogue
  /// How requests travel.
  public let session: Session
  /// How backfills and reconciliations reach the FDSN event service.
  public let history: FDSNAccess
  /// Told of every response that arrived (its size, what decoding skipped).
  private let observe: @Sendable (USGSFetchObservation) -> Void

  /// Creates a remote store over `session`; `observe` hears of each feed's response.
  public init(
    catalogue: USGSFeedCatalogue = USGSFeedCatalogue(), session: Session, history: FDSNAccess = FDSNAccess(),
    observe: @escaping @Sendable (USGSFetchObservation) -> Void = { _ in }
  ) {
    self.catalogue = catalogue
    self.session = session
    self.history = history
    self.observe = observe
  }

  /// Fetches `feed`, sending `validators` as `If-None-Match`/`If-Modified-Since`.
  ///
  /// - Throws: ``USGSFeedError``, or `CancellationError` when the calling task
  ///   was cancelled.
  public func fetchRemoteQuakesQuery(feed: QuakesFeed, validators: FeedValidators) async throws -> RemoteFetch {
    let url = self.catalogue.url(for: feed)
    let request = NetworkRequest(url: url, ifNoneMatch: validators.etag, ifModifiedSince: validators.lastModified)
    let response: NetworkResponse
    do {
      response = try await self.session.get(request)
    } catch let error as NetworkError {
      throw USGSFeedError(feed: feed, url: url, cause: .transport(error))
    }
    switch response.status {
    case 304:
      self.observe(USGSFetchObservation(feed: feed, bytes: response.body.count, skippedFeatures: 0, notAFeed: false))
      return .notModified
    case 200:
      let batch: FeedBatch
      do {
        batch = try Self.batch(of: response, feed: feed, url: url)
      } catch {
        self.observe(USGSFetchObservation(feed: feed, bytes: response.body.count, skippedFeatures: 0, notAFeed: true))
        throw error
      }
      self.observe(
        USGSFetchObservation(
          feed: feed, bytes: response.body.count, skippedFeatures: batch.skippedFeatures, notAFeed: false))
      return .modified(batch)
    default:
      self.observe(USGSFetchObservation(feed: feed, bytes: response.body.count, skippedFeatures: 0, notAFeed: false))
      throw USGSFeedError(feed: feed, url: url, cause: .status(code: response.status, statusLine: response.statusLine))
    }
  }

  private static func batch(of response: NetworkResponse, feed: QuakesFeed, url: String) throws(USGSFeedError)
    -> FeedBatch
  {
    do {
      var batch = try GeoJSONFeedDecoder.decode(response.body)
      batch.validators = FeedValidators(etag: response.etag, lastModified: response.lastModified)
      return batch
    } catch {
      throw USGSFeedError(feed: feed, url: url, cause: .notAFeed(error, contentType: response.contentType))
    }
  }
}

extension USGSRemoteStore where Session == CurlNetworkSession {
  /// Creates the daemon's remote store: libcurl with `configuration`;
  /// `observe` hears of each response.
  public init(
    catalogue: USGSFeedCatalogue = USGSFeedCatalogue(), configuration: CurlNetworkSession.Configuration,
    history: FDSNAccess = FDSNAccess(), observe: @escaping @Sendable (USGSFetchObservation) -> Void = { _ in }
  ) {
    self.init(
      catalogue: catalogue, session: CurlNetworkSession(configuration: configuration), history: history,
      observe: observe)
  }
}
