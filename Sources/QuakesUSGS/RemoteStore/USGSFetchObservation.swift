public import QuakesModel

/// What a response to a feed fetch weighed, for whoever counts (the
/// daemon's metrics): the remote store reports it and keeps nothing.
public struct USGSFetchObservation: Hashable, Sendable {
  /// The feed fetched.
  public let feed: QuakesFeed
  /// The bytes of the body, after content decoding (0 for a `304`).
  public let bytes: Int
  /// The features the decoder skipped for lacking a required field.
  public let skippedFeatures: Int
  /// Whether the body was no USGS GeoJSON feed at all.
  public let notAFeed: Bool
}
