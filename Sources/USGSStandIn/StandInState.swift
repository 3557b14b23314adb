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

    func count(forFeed name: String?) -> Int {
      guard let name else { return self.requests.count }
      return self.requests.count { $0.feed == name }
    }
  }

  /// A task waiting for `count` requests (for `feed`, when given).
  struct Waiter: Sendable {
    let count: Int
    let feed: String?
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
      let ready = contents.waiters.filter { counts.count(forFeed: $0.feed) >= $0.count }
      contents.waiters.removeAll { counts.count(forFeed: $0.feed) >= $0.count }
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
      if contents.isShutDown || contents.count(forFeed: waiter.feed) >= waiter.count {
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
