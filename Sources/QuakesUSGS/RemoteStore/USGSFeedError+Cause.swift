extension USGSFeedError {
  /// What went wrong with a fetch.
  public enum Cause: Hashable, Sendable, FailureCause {
    /// No complete response arrived (DNS, connection, TLS, timeout, truncated
    /// or oversized body, …).
    case transport(NetworkError)
    /// The server answered with a status other than 200 and 304.
    case status(code: Int, statusLine: String)
    /// The `200` body is not a USGS GeoJSON feed (an HTML page, cut JSON, …);
    /// `contentType` is what the server called it.
    case notAFeed(FeedDecodingError, contentType: String?)

    /// What happened, in words.
    var reason: String {
      switch self {
      case .transport(let error):
        error.reason
      case .status(_, let statusLine):
        "the server answered \(statusLine)"
      case .notAFeed(let error, let contentType):
        "the body is not a USGS GeoJSON feed (Content-Type \(contentType ?? "not given")): \(error.message)"
      }
    }

    /// What the operator can do about it, when there is something.
    var remedy: String? {
      switch self {
      case .status(404, _), .status(410, _):
        "Check the feeds' base URL and the feed name"
      case .status(429, _):
        "The server asks for fewer requests: lengthen the feed's poll interval"
      case .status(let code, _) where (500..<600).contains(code):
        "The feed server has a problem of its own"
      case .transport, .status, .notAFeed:
        nil
      }
    }
  }
}
