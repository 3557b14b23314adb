/// The HTTP validators of the last response applied from a feed.
///
/// Sent back as `If-None-Match` and `If-Modified-Since`, so that an unchanged
/// feed costs a `304 Not Modified`: no body, no parsing, no writes.
public struct FeedValidators: Hashable, Sendable {
  /// The `ETag` response header.
  public var etag: String?
  /// The `Last-Modified` response header, verbatim.
  public var lastModified: String?

  /// Creates validators from two response headers.
  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }
}
