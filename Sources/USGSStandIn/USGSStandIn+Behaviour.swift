extension USGSStandIn {
  /// How the stand-in answers requests for one feed.
  public enum Behaviour: Hashable, Sendable {
    /// Like the real service: the feed's body, validators, 304 and gzip
    /// (`404 Not Found` when no body was set). The default.
    case serve
    /// Like ``serve``, but the body is always sent as it is, never gzipped:
    /// for benchmarks, where compressing is the server's work and would run
    /// on the CPUs the client under test needs.
    case serveUncompressed
    /// Answers with this status (e.g. 500, 404, 503) and a one-line text body.
    case status(Int)
    /// Waits this long, then serves (a slow server).
    case delay(Duration)
    /// Accepts the connection, reads the request, and never answers: the
    /// connection stays open until the client gives up or the stand-in stops.
    case neverAnswer
    /// Announces the whole body in `Content-Length`, sends only its first
    /// `keepingBytes` bytes (at most all but one), then closes the connection.
    /// The feed's body, or a synthetic one when none was set.
    case truncate(keepingBytes: Int)
    /// A `200` with `Content-Type: application/json` whose body is cut-off JSON.
    case invalidJSON
    /// A `text/html` error page with this status (200 is what a captive
    /// portal or a misconfigured proxy sends).
    case htmlErrorPage(status: Int)
    /// A `200` whose body is valid JSON of `byteCount` bytes (a feed padded
    /// with spaces). With `announceLength`, it is sent uncompressed with its
    /// `Content-Length`, so a client can refuse it up front; without, it is
    /// compressed when the client accepts gzip (its `Content-Length` is then
    /// tiny) or sent chunked, so the client learns its size only while
    /// receiving.
    case oversized(byteCount: Int, announceLength: Bool)
  }
}
