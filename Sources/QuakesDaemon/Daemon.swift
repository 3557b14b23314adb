import Foundation
import ImmutableData
public import Logging
import QuakesData
import QuakesProtocol
import QuakesSQLite
import QuakesUSGS
public import ServiceLifecycle

/// The daemon: opens the cache, loads it, and polls the feeds until it is
/// asked to stop (SIGTERM or SIGINT through the service group), or once with
/// ``DaemonConfiguration/once``.
///
/// While it polls, it serves `control.sock` and `query.sock`
/// (docs/protocol.md).
public struct Daemon: Service {
  let configuration: DaemonConfiguration
  let logger: Logger
  /// How to read the configuration again (SIGHUP, `daemon.reload`); `nil`
  /// when it cannot be (`daemon.reload` then says so).
  let reloading: ReloadSource?

  /// Creates a daemon.
  public init(configuration: DaemonConfiguration, logger: Logger, reloading: ReloadSource? = nil) {
    self.configuration = configuration
    self.logger = logger
    self.reloading = reloading
  }

  /// Runs until cancelled or, with `once`, until every feed was polled.
  ///
  /// - Throws: ``ConfigurationError`` (exit status 78) when the state or
  ///   runtime directory cannot be used, the database is one quakesd must
  ///   refuse or cannot load, or a socket is served by another quakesd;
  ///   another error (exit status 1) for what may pass, such as a database
  ///   locked by another writer. Each message says which file and what to do.
  public func run() async throws {
    let notifier = SystemdNotifier()
    // Opening a file of an older schema migrates it (48 s for a million
    // quakes from schema 6), and loading reads the cache (6 s): either can
    // outlast systemd's start timeout (90 s by default), which would kill
    // quakesd in the middle and start it over, forever. The open blocks
    // this thread, so the first extension is sent before it; the loading
    // is awaited, and extended every 30 s until it ends.
    notifier.extendStart(by: .seconds(600), status: "opening the cache (migrating it if an older quakesd wrote it)")
    if let url = self.configuration.store {
      let sharing = try await self.openSharedStore(url)
      do {
        try await self.run(
          localStore: sharing.local,
          database: DaemonDatabase(
            path: nil, catalogue: sharing.local,
            outbox: sharing.local, extent: { try await sharing.local.catalogueExtent() },
            pageCacheBytes: nil,
            backup: RefusedBackup(
              reason: "a PostgreSQL store is backed up with PostgreSQL's own tools (pg_dump), not quakectl backup"),
            sharing: sharing),
          notifier: notifier)
      } catch {
        await sharing.store.close()
        throw error
      }
      await sharing.store.close()
      return
    }
    let localStore = try self.openLocalStore()
    defer { try? localStore.close() }
    let backup = DatabaseBackup(
      localStore: localStore,
      scratchDirectory: self.configuration.ephemeral
        ? FileManager.default.temporaryDirectory : self.configuration.stateDirectory)
    try await self.run(
      localStore: localStore,
      database: DaemonDatabase(
        path: self.configuration.ephemeral ? nil : self.configuration.databasePath, catalogue: localStore,
        outbox: localStore, extent: { try await localStore.catalogueExtent() },
        pageCacheBytes: self.configuration.ephemeral ? nil : localStore.pageCacheBytes, backup: backup, sharing: nil),
      notifier: notifier)
  }

  /// Runs on `localStore`, opened, until cancelled or, with `once`, until
  /// every feed was polled.
  private func run<LocalStore: PersistentSessionLocalStore>(
    localStore: LocalStore, database: DaemonDatabase, notifier: SystemdNotifier
  ) async throws {
    let catalogue =
      try self.configuration.feedBaseURL.map { url throws(USGSFeedCatalogueError) in
        try USGSFeedCatalogue(baseURL: url)
      } ?? USGSFeedCatalogue()
    let fdsn =
      try self.configuration.fdsnBaseURL.map { url throws(USGSFeedCatalogueError) in
        try FDSNService(baseURL: url)
      } ?? FDSNService()
    let metrics = DaemonMetrics()
    let history = FDSNAccess(service: fdsn, pacer: RequestPacer(interval: self.configuration.fdsnInterval)) {
      metrics.fdsnAnswered($0)
    }
    let remoteStore = USGSRemoteStore(
      catalogue: catalogue, configuration: self.configuration.network, history: history
    ) {
      metrics.fetched($0.feed, bytes: $0.bytes, skippedFeatures: $0.skippedFeatures, notAFeed: $0.notAFeed)
    }
    var initialState = QuakesState(options: self.configuration.syncOptions)
    // An instance on a shared store writes once it leads, not before.
    initialState.writes = database.sharing == nil
    let store = await Store(initialState: initialState, reducer: QuakesReducer.reduce)
    // Made before anything happens, so that the metrics count what a job
    // read back and resumed at the load does too.
    let metricTransitions = self.configuration.once ? nil : await store.makeStream()
    let logger = self.logger
    let listener = await Listener(localStore: localStore, remoteStore: remoteStore) { logger.error("\($0)") }
    await listener.listen(to: store)

    let loading = Task {
      while !Task.isCancelled {
        notifier.extendStart(by: .seconds(90), status: "loading the cache")
        try? await Task.sleep(for: .seconds(30))
      }
    }
    defer { loading.cancel() }
    try await self.load(store)
    loading.cancel()
    let scheduler = PollScheduler(
      store: store, schedules: self.configuration.feeds, logger: self.logger, metrics: metrics
    ) { feed, outcome in
      notifier.status(SystemdStatus.afterPoll(of: feed, outcome, cached: store.snapshot().selectQuakesCount()))
    }
    guard !self.configuration.once, let metricTransitions else {
      try await self.pollOnce(scheduler, listener: listener)
      return
    }
    try await RunningDaemon(
      configuration: self.configuration, reloading: self.reloading, logger: self.logger, store: store,
      listener: listener, scheduler: scheduler, network: remoteStore.session,
      historyPacer: remoteStore.history.pacer, database: database, metrics: metrics,
      metricTransitions: metricTransitions, notifier: notifier, feedsURL: catalogue.baseURL
    )
    .run()
  }

  /// `--once`: polls every feed, waits for the writes, and fails when every feed failed.
  private func pollOnce<L, R>(_ scheduler: PollScheduler, listener: Listener<L, R>) async throws {
    let outcomes = await scheduler.pollOnce()
    await listener.shutdown()
    if !outcomes.isEmpty, outcomes.allSatisfy({ !$0.outcome.isSuccess }) {
      throw EveryFeedFailed()
    }
  }

  private func openLocalStore() throws -> SQLiteLocalStore {
    if self.configuration.ephemeral {
      self.logger.info("keeping the cache in memory only (--ephemeral)")
      return try SQLiteLocalStore.inMemory()
    }
    try DirectoryCreation.create(self.configuration.stateDirectory, for: .stateDirectory)
    DatabaseBackup.removeLeftovers(in: self.configuration.stateDirectory)
    self.logger.info("cache: \(self.configuration.databasePath)")
    do {
      return try SQLiteLocalStore(
        path: self.configuration.databasePath, pageCacheBytes: self.configuration.databaseCacheBytes)
    } catch let error as SQLiteLocalStoreError {
      throw error.startRefusal ?? error
    }
  }

  @StoreActor
  private func load(_ store: Store<QuakesState, QuakesAction>) async throws {
    let loaded = try await store.dispatch(action: .daemon(.didStart)) { action in
      if case .data(.persistentSession(.localStore(.didFetchQuakes))) = action { true } else { false }
    }
    guard let loaded else { throw CancellationError() }
    if case .failure(let error) = loaded.selectQuakesStatus() {
      throw ConfigurationError("cannot load the cache: \(error)")
    }
    self.logger.info("loaded \(loaded.selectQuakesCount()) quakes from the cache")
  }
}
