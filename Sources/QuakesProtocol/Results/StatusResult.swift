public import QuakesModel

/// The result of `quakes.status`, and the first line of `quakes.watch`: the
/// daemon, its cache, its database and every feed it polls or was asked to
/// fetch. Times are ISO 8601 in UTC with milliseconds; a key is absent when
/// its value is unknown (a feed never fetched has no `lastAttempt`).
public struct StatusResult: Hashable, Sendable, Codable {
  /// The daemon process.
  public var daemon: Daemon
  /// The cached quakes.
  public var cache: Cache
  /// The SQLite file behind the cache.
  public var database: Database
  /// One entry per feed, in catalogue order.
  public var feeds: [Feed]
  /// What the alert rules did; absent when there are none.
  public var alerts: Alerts?
  /// The last backfill and reconciliation; absent when neither ever ran.
  public var history: BackfillResult?
  /// The PostgreSQL store shared with other quakesd; absent for the SQLite file.
  public var store: Store?

  /// Creates a status.
  public init(
    daemon: Daemon, cache: Cache, database: Database, feeds: [Feed], alerts: Alerts? = nil,
    history: BackfillResult? = nil, store: Store? = nil
  ) {
    self.daemon = daemon
    self.cache = cache
    self.database = database
    self.feeds = feeds
    self.alerts = alerts
    self.history = history
    self.store = store
  }
}

extension StatusResult {
  /// This quakesd's part in a store shared with others (docs/ha.md).
  public struct Store: Hashable, Sendable, Codable {
    /// Where the store is, without a password.
    public var url: String
    /// `leader` (it polls and writes), `follower` (it may lead, and follows
    /// meanwhile) or `reader` (it never leads).
    public var role: String
    /// The leader's term, when this instance leads.
    public var epoch: Int64?
    /// The last change this instance took in (a leader: the last committed).
    public var change: Int64
    /// A follower's lag: how long the last change it took in had been
    /// committed when it read it, by the database's clock; absent for a
    /// leader, and before the first change a follower took in.
    public var lagSeconds: Double?

    public init(url: String, role: String, epoch: Int64?, change: Int64, lagSeconds: Double?) {
      self.url = url
      self.role = role
      self.epoch = epoch
      self.change = change
      self.lagSeconds = lagSeconds
    }
  }
}

extension StatusResult {
  /// What the alert rules did, all rules together, as the outbox records it.
  public struct Alerts: Hashable, Sendable, Codable {
    /// How many rules there are.
    public var rules: Int
    /// Their firings and deliveries (tests left out).
    public var activity: AlertActivity

    /// Creates the alerts part.
    public init(rules: Int, activity: AlertActivity) {
      self.rules = rules
      self.activity = activity
    }
  }
}

extension StatusResult {
  /// The daemon process.
  public struct Daemon: Hashable, Sendable, Codable {
    /// The daemon's release.
    public var version: String
    /// Its process id.
    public var pid: Int
    /// When it started.
    public var startedAt: String

    /// Creates the daemon part.
    public init(version: String, pid: Int, startedAt: String) {
      self.version = version
      self.pid = pid
      self.startedAt = startedAt
    }
  }

  /// The cached quakes.
  public struct Cache: Hashable, Sendable, Codable {
    /// How many quakes the cache holds.
    public var count: Int
    /// How many of them the daemon holds in memory: the live window, which
    /// the polled feeds can still change (absent from older daemons).
    public var inMemory: Int?
    /// `loading`, `loaded` or `failed`.
    public var state: CacheLoadState
    /// Why loading failed, when it did.
    public var error: String?
    /// The last write to the database that failed, if any.
    public var lastWriteError: String?
    /// What the retention rules removed; absent when there are none.
    public var retention: Retention?

    /// Creates the cache part.
    public init(
      count: Int, inMemory: Int? = nil, state: CacheLoadState, error: String? = nil, lastWriteError: String? = nil,
      retention: Retention? = nil
    ) {
      self.count = count
      self.inMemory = inMemory
      self.state = state
      self.error = error
      self.lastWriteError = lastWriteError
      self.retention = retention
    }
  }

  /// What the retention rules removed since the daemon started.
  public struct Retention: Hashable, Sendable, Codable {
    /// How many rules there are.
    public var rules: Int
    /// How many quakes they removed since the daemon started.
    public var removed: Int
    /// When they last removed quakes.
    public var lastRemoval: String?
    /// How many they removed then.
    public var lastRemoved: Int?

    /// Creates the retention part.
    public init(rules: Int, removed: Int, lastRemoval: String? = nil, lastRemoved: Int? = nil) {
      self.rules = rules
      self.removed = removed
      self.lastRemoval = lastRemoval
      self.lastRemoved = lastRemoved
    }
  }

  /// The SQLite file.
  public struct Database: Hashable, Sendable, Codable {
    /// Its path; absent with `--ephemeral` (in memory only).
    public var path: String?
    /// The bytes it and its write-ahead log take on disk.
    public var sizeBytes: Int?
    /// The bytes of the write-ahead log (`-wal`) alone: cut back to nothing
    /// after a large batch (docs/schema.md).
    public var walBytes: Int?
    /// The page cache the connections that answer queries may hold
    /// together (`database-cache`).
    public var pageCacheBytes: Int?

    /// Creates the database part.
    public init(path: String?, sizeBytes: Int?, walBytes: Int? = nil, pageCacheBytes: Int? = nil) {
      self.path = path
      self.sizeBytes = sizeBytes
      self.walBytes = walBytes
      self.pageCacheBytes = pageCacheBytes
    }
  }

  /// One feed.
  public struct Feed: Hashable, Sendable, Codable {
    /// Its name, e.g. `all_day`.
    public var feed: String
    /// `idle` (never fetched), `fetching`, `ok` or `failed`: how the last fetch went.
    public var state: FeedFetchState
    /// Seconds between polls; absent for a feed fetched only on request.
    public var intervalSeconds: Int?
    /// When the last fetch finished, successful or not.
    public var lastAttempt: String?
    /// When a batch of this feed was last applied.
    public var lastSuccess: String?
    /// The feed's `metadata.generated` in that batch.
    public var generated: String?
    /// When the scheduler polls it next.
    public var nextPoll: String?
    /// The last failure, kept after later successes.
    public var lastError: Failure?
    /// What the last batch changed, once written.
    public var lastWrite: Counts?
    /// How many features of the last batch lacked a required field.
    public var skippedFeatures: Int

    /// Creates a feed entry.
    public init(
      feed: String, state: FeedFetchState, intervalSeconds: Int? = nil, lastAttempt: String? = nil,
      lastSuccess: String? = nil,
      generated: String? = nil, nextPoll: String? = nil, lastError: Failure? = nil, lastWrite: Counts? = nil,
      skippedFeatures: Int = 0
    ) {
      self.feed = feed
      self.state = state
      self.intervalSeconds = intervalSeconds
      self.lastAttempt = lastAttempt
      self.lastSuccess = lastSuccess
      self.generated = generated
      self.nextPoll = nextPoll
      self.lastError = lastError
      self.lastWrite = lastWrite
      self.skippedFeatures = skippedFeatures
    }
  }

  /// A failed fetch.
  public struct Failure: Hashable, Sendable, Codable {
    /// When it failed.
    public var date: String
    /// What went wrong, naming the feed, the URL and the cause.
    public var message: String

    /// Creates a failure.
    public init(date: String, message: String) {
      self.date = date
      self.message = message
    }
  }

  /// Quakes inserted, updated and deleted by one write.
  public struct Counts: Hashable, Sendable, Codable {
    /// Quakes new to the cache.
    public var inserted: Int
    /// Quakes that changed.
    public var updated: Int
    /// Quakes removed.
    public var deleted: Int

    /// Creates counts.
    public init(inserted: Int, updated: Int, deleted: Int) {
      self.inserted = inserted
      self.updated = updated
      self.deleted = deleted
    }
  }
}
