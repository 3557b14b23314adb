import Synchronization

/// What a stand-in serves and what it has seen, shared by the test's thread
/// and the event loop's, behind one lock.
final class StandInState: Sendable {
  /// The mutable part.
  struct Contents {
    var feeds: [String: StandInFeed] = [:]
    var behaviours: [String: USGSStandIn.Behaviour] = [:]
    var requests: [RecordedRequest] = []
    var waiters: [Waiter] = []
    var isShutDown = false
    /// What the FDSN event service answers from.
    var fdsnCatalogue = FDSNCatalogue(events: [])
    /// The most events a `query` serves (USGS: 20,000).
    var fdsnMaximum = 20_000
    /// The failures to answer the next `query` and `count` requests with, first first.
    var fdsnFailures: [StandInFDSNFailure] = []
    /// How long the FDSN event service waits before answering, if at all.
    var fdsnDelay: Duration?
    /// Whether the FDSN event service gzips answers for clients that accept it.
    var fdsnCompresses = true
    /// How many more `query` requests are answered before the rest are held; `nil`: all are.
    var fdsnQueriesBeforeHold: Int?

    /// The delay of the next FDSN request of `method` (`query` or
    /// `count`): ``fdsnDelay``, or an hour once the queries before a hold
    /// have been answered. Counts a query towards the hold.
    mutating func takeFDSNDelay(method: String) -> Duration? {
      guard method == "query", let remaining = self.fdsnQueriesBeforeHold else { return self.fdsnDelay }
      guard remaining > 0 else { return .seconds(3_600) }
      self.fdsnQueriesBeforeHold = remaining - 1
      return self.fdsnDelay
    }

    /// The number of requests received that `waiter` counts.
    func count(for waiter: Waiter) -> Int {
      self.requests.count(where: waiter.counts)
    }

    /// The failure to answer an FDSN `query` or `count` with, if one is
    /// pending; using it counts it down.
    mutating func takeFDSNFailure() -> StandInFDSNFailure? {
      guard var failure = self.fdsnFailures.first else { return nil }
      failure.remaining -= 1
      if failure.remaining > 0 {
        self.fdsnFailures[0] = failure
      } else {
        self.fdsnFailures.removeFirst()
      }
      return failure
    }
  }

  /// A task waiting for `count` requests of those `counts` accepts.
  struct Waiter: Sendable {
    let count: Int
    let counts: @Sendable (RecordedRequest) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  /// The feed folder's path, starting and ending with `/`.
  let basePath: String
  private let contents = Mutex(Contents())

  init(basePath: String) {
    self.basePath = basePath
  }

  /// Runs `body` with the lock held.
  func withContents<T>(_ body: (inout Contents) -> T) -> T {
    self.contents.withLock { body(&$0) }
  }

  /// Whether ``shutDown()`` ran.
  var isShutDown: Bool {
    self.withContents { $0.isShutDown }
  }

  /// The feed `uri` names (`<basePath><feed>.geojson`, query ignored), if any.
  func feed(named uri: String) -> String? {
    let path = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? uri
    guard path.hasPrefix(self.basePath), path.hasSuffix(".geojson") else { return nil }
    let name = path.dropFirst(self.basePath.count).dropLast(".geojson".count)
    guard !name.isEmpty, !name.contains("/") else { return nil }
    return String(name)
  }

  /// Records `request` and wakes the waiters it satisfies.
  func record(_ request: RecordedRequest) {
    let ready = self.withContents { contents in
      contents.requests.append(request)
      let counts = contents
      let ready = contents.waiters.filter { counts.count(for: $0) >= $0.count }
      contents.waiters.removeAll { counts.count(for: $0) >= $0.count }
      return ready
    }
    for waiter in ready {
      waiter.continuation.resume()
    }
  }

  /// Registers `waiter`, or returns it when it need not wait (enough requests
  /// arrived, or the stand-in stopped).
  func add(_ waiter: Waiter) -> Waiter? {
    self.withContents { contents in
      if contents.isShutDown || contents.count(for: waiter) >= waiter.count {
        return waiter
      }
      contents.waiters.append(waiter)
      return nil
    }
  }

  /// Marks the stand-in stopped and wakes every waiter. Returns whether this
  /// call did it (`false` when it was already stopped).
  func shutDown() -> Bool {
    let (first, waiters) = self.withContents { contents in
      defer {
        contents.isShutDown = true
        contents.waiters = []
      }
      return (!contents.isShutDown, contents.waiters)
    }
    for waiter in waiters {
      waiter.continuation.resume()
    }
    return first
  }
}
