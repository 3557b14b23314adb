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

  init(_ answers: [QuakesFeed: Answer] = [:]) {
    self.answers = answers
  }

  func setAnswer(_ answer: Answer, for feed: QuakesFeed) { self.answers[feed] = answer }

  func fetchRemoteQuakesQuery(feed: QuakesFeed, validators: FeedValidators) async throws -> RemoteFetch {
    self.requests.append((feed, validators))
    switch self.answers[feed] {
    case .fetch(let fetch)?: return fetch
    case .fail(let message)?: throw StoreFailure(message)
    case nil: throw StoreFailure("no answer scripted for \(feed)")
    }
  }
}
