/// A failure the stand-in's FDSN event service was told to answer with
/// (``USGSStandIn/failFDSN(next:status:retryAfter:)``): this status, for
/// this many more `query` or `count` requests.
struct StandInFDSNFailure: Hashable, Sendable {
  /// The HTTP status, e.g. 429 or 503.
  let status: Int
  /// The `Retry-After` header's value, if one is sent.
  let retryAfter: String?
  /// How many more requests it answers.
  var remaining: Int
}
