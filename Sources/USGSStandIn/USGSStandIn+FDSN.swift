extension USGSStandIn {
  /// The path of the real FDSN event service, `/fdsnws/event/1/`: the
  /// stand-in answers `query`, `count` and `version` under it, from the
  /// catalogue set with ``setFDSNCatalogue(_:)`` (empty at first).
  public static let fdsnPath = "/fdsnws/event/1/"

  /// The service version the stand-in reports, as USGS's `version` method does.
  public static let fdsnVersion = "1.14.1"

  /// The FDSN event service's base URL, e.g. `http://127.0.0.1:40123/fdsnws/event/1/`:
  /// append `query?…`, `count?…` or `version`.
  public var fdsnBaseURL: String { "http://127.0.0.1:\(self.port)\(Self.fdsnPath)" }

  /// Answers FDSN requests from `catalogue` from now on.
  public func setFDSNCatalogue(_ catalogue: FDSNCatalogue) {
    self.state.withContents { $0.fdsnCatalogue = catalogue }
  }

  /// The catalogue the FDSN event service answers from (a copy: change the
  /// stand-in's with ``withFDSNCatalogue(_:)``).
  public var fdsnCatalogue: FDSNCatalogue {
    self.state.withContents { $0.fdsnCatalogue }
  }

  /// Runs `body` on the stand-in's catalogue in place (to delete, update or
  /// add events between a client's requests) and returns its result.
  /// Requests wait while it runs; `body` must not call the stand-in.
  @discardableResult
  public func withFDSNCatalogue<Result>(_ body: (inout FDSNCatalogue) -> Result) -> Result {
    self.state.withContents { body(&$0.fdsnCatalogue) }
  }

  /// The most events a `query` serves: above it, USGS's `400` ("… matching
  /// events exceeds search limit of …"); `count` reports it as `maxAllowed`.
  /// 20,000 unless ``setFDSNMaximum(_:)`` changed it.
  public var fdsnMaximum: Int {
    self.state.withContents { $0.fdsnMaximum }
  }

  /// Sets ``fdsnMaximum`` (at least 1), so a test can reach it with a few events.
  public func setFDSNMaximum(_ maximum: Int) {
    self.state.withContents { $0.fdsnMaximum = max(1, maximum) }
  }

  /// Answers the next `count` FDSN `query` or `count` requests with
  /// `status` (429 or 503, typically), a plain-text error page, and a
  /// `Retry-After` of `retryAfter` when given; normal service resumes
  /// after them. Calls add up: each failure follows those set before.
  /// The requests are recorded (``fdsnRequests``) all the same.
  public func failFDSN(next count: Int, status: Int, retryAfter: String? = nil) {
    guard count > 0 else { return }
    self.state.withContents {
      $0.fdsnFailures.append(StandInFDSNFailure(status: status, retryAfter: retryAfter, remaining: count))
    }
  }

  /// Makes the FDSN event service wait `delay` before answering each
  /// `query` or `count` (a slow server); `nil` or zero answers at once.
  public func setFDSNDelay(_ delay: Duration?) {
    self.state.withContents { $0.fdsnDelay = delay }
  }

  /// Answers the next `count` FDSN `query` requests as usual and holds
  /// every later one unanswered (for an hour, or until the stand-in
  /// stops): a backfill that stops after `count` windows, whatever the
  /// machine's load. A query answered with a failure (``failFDSN(next:status:retryAfter:)``)
  /// counts as answered. `nil` answers every query again.
  public func holdFDSNQueries(after count: Int?) {
    self.state.withContents { $0.fdsnQueriesBeforeHold = count.map { max(0, $0) } }
  }

  /// Whether the FDSN event service gzips its answers for clients that
  /// accept gzip (the default, as USGS does); `false` sends them as they
  /// are, for benchmarks, like ``Behaviour/serveUncompressed`` for feeds.
  public func setFDSNCompression(_ compresses: Bool) {
    self.state.withContents { $0.fdsnCompresses = compresses }
  }

  /// The requests received so far for the FDSN event service (any method,
  /// failed ones too), in arrival order.
  public var fdsnRequests: [RecordedRequest] {
    self.state.withContents { $0.requests.filter(\.isFDSN) }
  }

  /// Returns once `count` FDSN requests have arrived, counting those
  /// already received, or once the stand-in shuts down; like
  /// ``waitForRequests(_:forFeed:)``.
  public func waitForFDSNRequests(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let waiter = StandInState.Waiter(count: count, counts: { $0.isFDSN }, continuation: continuation)
      if let ready = self.state.add(waiter) {
        ready.continuation.resume()
      }
    }
  }
}
