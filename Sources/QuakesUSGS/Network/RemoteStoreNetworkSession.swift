/// The HTTP client behind the USGS remote store, in the spirit of the seed's
/// `RemoteStoreNetworkSession`: one GET in, one response out.
///
/// A protocol so that the remote store does not care how bytes travel; the
/// daemon uses ``CurlNetworkSession``, and tests use it too, against the
/// USGS stand-in on 127.0.0.1.
public protocol RemoteStoreNetworkSession: Sendable {
  /// Sends `request` and returns the final response (after redirects),
  /// whatever its status: a `304` or a `500` is an answer, not an error.
  ///
  /// The call must never block the Swift concurrency cooperative pool, and
  /// cancelling the calling task must abort the transfer promptly.
  ///
  /// - Throws: ``NetworkError`` when no complete response arrived (DNS,
  ///   connection, TLS, timeout, truncated or oversized body…), and
  ///   `CancellationError` when the calling task was cancelled.
  func get(_ request: NetworkRequest) async throws -> NetworkResponse
}
