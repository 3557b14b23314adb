import QuakesData
import QuakesModel

/// A remote store that answers each feed from a script and records requests.
actor RemoteStoreDouble: PersistentSessionRemoteStore {
  enum Answer: Sendable {
    case fetch(RemoteFetch)
    case fail(String)
  }

  private(set) var requests: [(feed: QuakesFeed, validators: FeedValidators)] = []
  private var answers: [QuakesFeed: Answer]
  /// The FDSN catalogue the history queries read (its filters are ignored:
  /// only the time window selects), the most one fetch returns, and every
  /// history request as `count` or `fetch` with its window.
  private var history: [Quake] = []
  private var historyMaximum = HistoryQuery.defaultMaximum
  private var historyFailure: String?
  private(set) var historyRequests: [(method: String, window: HistoryWindow)] = []

  init(_ answers: [QuakesFeed: Answer] = [:]) {
    self.answers = answers
  }

  func setAnswer(_ answer: Answer, for feed: QuakesFeed) { self.answers[feed] = answer }

  func setHistory(_ quakes: [Quake], maximum: Int = HistoryQuery.defaultMaximum, failure: String? = nil) {
    self.history = quakes
    self.historyMaximum = maximum
    self.historyFailure = failure
  }

  func countRemoteQuakesQuery(history query: HistoryQuery, window: HistoryWindow) async throws -> HistoryCount {
    self.historyRequests.append(("count", window))
    if let historyFailure { throw StoreFailure(historyFailure) }
    return HistoryCount(count: self.events(in: window).count, maximum: self.historyMaximum)
  }

  func fetchRemoteQuakesQuery(history query: HistoryQuery, window: HistoryWindow) async throws -> FeedBatch {
    self.historyRequests.append(("fetch", window))
    if let historyFailure { throw StoreFailure(historyFailure) }
    let events = self.events(in: window)
    guard events.count <= self.historyMaximum else { throw HistoryWindowTooLarge(maximum: self.historyMaximum) }
    return FeedBatch(quakes: events)
  }

  private func events(in window: HistoryWindow) -> [Quake] {
    self.history.filter { (window.start..<window.end).contains(Timestamp.milliseconds($0.time)) }
  }

  func fetchRemoteQuakesQuery(feed: QuakesFeed, validators: FeedValidators) async throws -> RemoteFetch {
    self.requests.append((feed, validators))
    switch self.answers[feed] {
    case .fetch(let fetch)?: return fetch
    case .fail(let message)?: throw StoreFailure(message)
    case nil: throw StoreFailure("no answer scripted for \(feed)")
    }
  }
}
