/// An HTTP GET: a URL and the validators of a conditional request.
public struct NetworkRequest: Hashable, Sendable {
  /// The absolute `http` or `https` URL.
  public var url: String
  /// Sent as `If-None-Match`: the `ETag` of the copy the caller holds.
  public var ifNoneMatch: String?
  /// Sent as `If-Modified-Since`: the `Last-Modified` of the copy the caller holds, verbatim.
  public var ifModifiedSince: String?

  /// Creates a request; with validators, it is conditional, and an unchanged
  /// resource costs a `304 Not Modified` without a body.
  public init(url: String, ifNoneMatch: String? = nil, ifModifiedSince: String? = nil) {
    self.url = url
    self.ifNoneMatch = ifNoneMatch
    self.ifModifiedSince = ifModifiedSince
  }
}
