/// Why a response body is not a usable USGS GeoJSON feed.
///
/// The message says what was found instead, so an operator reading status
/// can tell a truncated download from an HTML error page from a JSONP body.
public struct FeedDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the body, e.g. `not JSON: the body starts with "<!DOCTYPE html"`.
  public let message: String

  /// Creates an error with a message for people.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { self.message }
}
