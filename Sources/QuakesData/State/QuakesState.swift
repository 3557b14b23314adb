public import Foundation
public import HashTreeCollections
public import QuakesModel

/// The one immutable value the store holds: the cached quakes, the state of
/// the local store, and the fetch state of every feed.
///
/// Quakes live in ``IndexedQuakes``: a `TreeDictionary` by id (a persistent
/// hash-array-mapped trie) and B+trees in the list's orders, all persistent:
/// a reducer step that changes one quake copies O(log n) nodes, and every
/// snapshot shares the rest, so a reader's copy costs O(1).
public struct QuakesState: Hashable, Sendable {
  /// The cache (the seed's `quakes`).
  public var quakes: Quakes
  /// The fetch state of every feed asked for at least once, by feed.
  public var feeds: TreeDictionary<QuakesFeed, FeedState>
  /// How remote batches are applied (from the daemon's configuration).
  public var options: SyncOptions
  /// What the retention rules removed since the daemon started.
  public var retention: RetentionRecord = RetentionRecord()
  /// The last backfill and the last reconciliation, running or ended.
  public var history: [HistoryJob.Kind: HistoryJob] = [:]
  /// Whether this quakesd writes its local store: `false` for a follower
  /// of a shared store (docs/ha.md), which neither advances history jobs
  /// nor answers the requests that write.
  public var writes = true

  /// Creates a state.
  public init(
    quakes: Quakes = Quakes(),
    feeds: TreeDictionary<QuakesFeed, FeedState> = [:],
    options: SyncOptions = SyncOptions()
  ) {
    self.quakes = quakes
    self.feeds = feeds
    self.options = options
  }
}

extension QuakesState {
  /// The cached quakes and the state of the local store behind them.
  ///
  /// The local store holds the catalogue; ``data`` holds the live window:
  /// every cached quake whose time is at or after ``liveSince``, which the
  /// polled feeds can still change (and a few older ones a batch touched
  /// last). The rest, ``historyCount`` quakes, lives in the local store only.
  public struct Quakes: Hashable, Sendable {
    /// The cached quakes of the live window, by id and in the list's orders.
    public var data: Data
    /// The state holds every cached quake from this time on; `nil` when it
    /// holds every cached quake (no live window is configured).
    public var liveSince: Date?
    /// How many cached quakes the local store holds that ``data`` does not.
    public var historyCount = 0
    /// Counts the transitions that may have changed the cached quakes,
    /// in the state or only in the local store: a result computed at one
    /// revision is the answer while the revision stays.
    public var revision = 0
    /// Counts the changes the local store committed (or, for a client's
    /// delete or purge, will have committed once the listener got there):
    /// a poll that changed nothing leaves it, unlike ``revision``. What
    /// the FDSN service's `ETag` says: the same count, the same answers.
    public var committedChanges = 0
    /// Loading the local store: `nil` before launch, ``Status/waiting`` while
    /// it loads, then ``Status/success`` or ``Status/failure(error:)``; a
    /// failed write also shows here until the cache is reloaded.
    public var status: Status?
    /// The last write to the local store that failed, if any, even after the
    /// state was reloaded from the local store.
    public var lastMutationError: String?
    /// The change of a shared store the quakes reflect (docs/ha.md): the
    /// last one read with the store or followed; `nil` for a store of
    /// its own. A follower reads the changes after it, and takes in only
    /// those that start from it, so a late reload cannot undo later changes.
    public var storeChange: Int64?

    /// Creates the cache part of a state.
    public init(
      data: Data = [:],
      status: Status? = nil,
      lastMutationError: String? = nil
    ) {
      self.data = data
      self.status = status
      self.lastMutationError = lastMutationError
    }
  }
}

extension QuakesState.Quakes {
  /// The collection that holds the cached quakes.
  public typealias Data = IndexedQuakes
}

extension QuakesState {
  /// Whether the local store has been loaded: before that, refreshes are
  /// ignored, so that the first launch loads the cache before anything else.
  public var isLoaded: Bool {
    switch self.quakes.status {
    case nil, .waiting: false
    case .success, .failure: true
    }
  }
}
