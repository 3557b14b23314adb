public import Foundation

/// Why an HTTP GET got no complete response: the transport failed before a
/// usable answer arrived (an HTTP error status is a response, not this).
///
/// ``reason`` is a phrase for people that says what happened in words an
/// operator can act on, followed by libcurl's own message; callers that
/// react to a cause match ``kind``.
public struct NetworkError: LocalizedError, Hashable, Sendable {
  /// What went wrong, as a case a caller can match.
  public let kind: Kind
  /// The URL requested.
  public let url: String
  /// libcurl's message, verbatim (its error buffer, or `curl_easy_strerror`).
  public let detail: String
  /// The status of the response whose head had arrived when the transfer
  /// failed (its body too large, cut short or too slow); `nil` when none
  /// had. A webhook's receiver has taken the event once it answered 2xx,
  /// whatever happens to the rest of the answer.
  public let status: Int?

  /// Creates an error.
  public init(kind: Kind, url: String, detail: String, status: Int? = nil) {
    self.kind = kind
    self.url = url
    self.detail = detail
    self.status = status
  }

  /// `GET <url> failed: <reason>`.
  public var errorDescription: String? {
    "GET \(self.url) failed: \(self.reason)"
  }

  /// What happened, e.g. `the connection was refused: nothing listens at that
  /// address and port (libcurl: Failed to connect to 127.0.0.1 port 9 …)`.
  public var reason: String {
    let libcurl = self.detail.isEmpty ? "" : " (libcurl: \(self.detail))"
    return self.kind.phrase + libcurl
  }
}
