import QuakesModel

/// What the service answers one request with, before HTTP writes it.
package struct FDSNResponse: Sendable {
  /// The body: a whole text, whole bytes, or events written a piece at a time.
  package enum Body: Sendable {
    case text(String)
    /// A short answer's events, written at once (with a `Content-Length`).
    case bytes([UInt8])
    case events(FDSNEventDocument)
    /// The events of a long answer to a `HEAD`, which are not read: sent
    /// as `events` would be (chunked), but empty.
    case omitted
  }

  /// The HTTP status.
  package var status: Int
  /// The `Content-Type`; `nil` without a body (204).
  package var contentType: String?
  package var body: Body
  /// The `ETag` of an answer that depends on the cache (`query`, `count`),
  /// which a client sends back in `If-None-Match` to get a 304 while the
  /// cache is unchanged.
  package var entityTag: String?

  /// A plain-text answer.
  static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
    -> FDSNResponse
  {
    FDSNResponse(status: status, contentType: contentType, body: .text(text), entityTag: nil)
  }

  /// An answer without a body (`nodata=204`).
  static let noContent = FDSNResponse(status: 204, contentType: nil, body: .text(""), entityTag: nil)
}
