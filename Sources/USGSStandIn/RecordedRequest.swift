public import Foundation

/// The head of one request the stand-in received, for a test's assertions.
public struct RecordedRequest: Hashable, Sendable {
  /// The method, e.g. `GET`.
  public let method: String
  /// The request target as sent, e.g. `/earthquakes/feed/v1.0/summary/all_day.geojson`.
  public let uri: String
  /// The feed the target names (`all_day`), or `nil` for any other path.
  public let feed: String?
  /// The headers, names lowercased; a header sent twice has its values joined with `, `.
  public let headers: [String: String]
  /// When the stand-in read the request's head: tests measure the spacing
  /// of a client's retries with it (`timeIntervalSince`).
  public let receivedAt: Date

  /// Creates a record; `receivedAt` defaults to now.
  public init(
    method: String, uri: String, feed: String?, headers: [String: String],
    receivedAt: Date = Date()
  ) {
    self.method = method
    self.uri = uri
    self.feed = feed
    self.headers = headers
    self.receivedAt = receivedAt
  }

  /// Whether the request is for the FDSN event service (its path starts
  /// with ``USGSStandIn/fdsnPath``).
  public var isFDSN: Bool {
    self.uri.hasPrefix(USGSStandIn.fdsnPath)
  }

  /// The value of the header `name` (any case), if the request had it.
  public func header(_ name: String) -> String? {
    self.headers[name.lowercased()]
  }
}
