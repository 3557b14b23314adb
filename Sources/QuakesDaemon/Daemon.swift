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
  private let configuration: DaemonConfiguration
  private let logger: Logger

  /// Creates a daemon.
  public init(configuration: DaemonConfiguration, logger: Logger) {
    self.configuration = configuration
    self.logger = logger
  }

  /// Runs until cancelled or, with `once`, until every feed was polled.
  ///
  /// - Throws: ``ConfigurationError`` (exit status 78) when the state or
  ///   runtime directory cannot be used, the database is one quakesd must
  ///   refuse or cannot load, or a socket is served by another quakesd;
  ///   another error (exit status 1) for what may pass, such as a database
  ///   locked by another writer. Each message says which file and what to do.
  public func run() async throws {
    let localStore = try self.openLocalStore()
    defer { try? localStore.close() }
    let catalogue =
      try self.configuration.feedBaseURL.map { url throws(USGSFeedCatalogueError) in
        try USGSFeedCatalogue(baseURL: url)
      } ?? USGSFeedCatalogue()
    let remoteStore = USGSRemoteStore(catalogue: catalogue, configuration: self.configuration.network)
    let store = await Store(initialState: QuakesState(options: self.configuration.sync), reducer: QuakesReducer.reduce)
    let logger = self.logger
    let listener = await Listener(localStore: localStore, remoteStore: remoteStore) { logger.error("\($0)") }
    await listener.listen(to: store)

    try await self.load(store)
    let notifier = SystemdNotifier()
    let scheduler = PollScheduler(store: store, schedules: self.configuration.feeds, logger: self.logger) {
      feed, outcome in
      notifier.status(SystemdStatus.afterPoll(of: feed, outcome, cached: store.snapshot().selectQuakesCount()))
    }
    if self.configuration.once {
      let outcomes = await scheduler.pollOnce()
      await listener.shutdown()
      if !outcomes.isEmpty, outcomes.allSatisfy({ !$0.outcome.isSuccess }) {
        throw EveryFeedFailed()
      }
      return
    }
    let listCache = ListCache(byteLimit: self.limits.listCacheBytes)
    let reporter = StatusReporter(
      databasePath: self.configuration.ephemeral ? nil : self.configuration.databasePath,
      timetable: scheduler.timetable,
      startedAt: Date())
    let watchHub = WatchHub(store: store, reporter: reporter, logger: self.logger)
    let responder = RequestResponder(
      store: store, reporter: reporter, listCache: listCache, watchHub: watchHub, logger: self.logger)
    let servers: [SocketServer]
    do {
      servers = try await self.openSockets()
    } catch {
      await listener.shutdown()
      throw error
    }
    self.logger.info(
      "polling \(self.configuration.feeds.map(\.description).joined(separator: ", ")) from \(catalogue.baseURL)")
    notifier.ready(status: SystemdStatus.ready(cached: store.snapshot().selectQuakesCount()))
    let connections = ConnectionCount()
    await cancelWhenGracefulShutdown {
      await withDiscardingTaskGroup { group in
        group.addTask { await scheduler.run() }
        if let interval = notifier.watchdogPingInterval {
          group.addTask {
            await scheduler.runWatchdog(every: interval, hungAfter: self.hungPollLimit, ping: notifier.watchdog)
          }
        }
        group.addTask { await Self.emptyListCache(listCache, whenQuakesChangeIn: store) }
        group.addTask { await watchHub.run() }
        for server in servers {
          group.addTask {
            await server.run(responder: responder, limits: self.limits, connections: connections, logger: self.logger)
          }
        }
      }
    }
    self.logger.info("stopping")
    notifier.stopping(status: SystemdStatus.stopping)
    await listener.shutdown()
  }

  private var limits: ServerLimits {
    ServerLimits(idleTimeout: self.configuration.idleTimeout)
  }

  /// How long a poll may run before the watchdog calls it hung: a transfer
  /// ends by its total timeout, so twice that plus a minute for the write.
  private var hungPollLimit: Duration {
    self.configuration.network.totalTimeout * 2 + .seconds(60)
  }

  /// Serves `control.sock` and `query.sock`: the sockets systemd passed
  /// (socket activation), else new socket files in the runtime directory.
  private func openSockets() async throws -> [SocketServer] {
    let openFiles = OpenFileLimit.raise()
    if openFiles < self.limits.maximumConnections + 64 {
      self.logger.notice(
        "at most \(openFiles) open files: fewer clients than \(self.limits.maximumConnections) fit at once")
    }
    let inherited: [SocketRole: CInt]
    do {
      inherited = try SocketActivation.inheritedSockets()
    } catch {
      throw ConfigurationError(error.description)
    }
    if inherited.count < SocketRole.allCases.count {
      try DirectoryCreation.create(self.configuration.runtimeDirectory, for: .runtimeDirectory, permissions: 0o755)
    }
    var servers: [SocketServer] = []
    var sockets: [String] = []
    for role in SocketRole.allCases {
      if let descriptor = inherited[role] {
        servers.append(try await SocketServer.adopt(role, descriptor: descriptor))
        sockets.append("\(role.fileName) (passed by systemd)")
      } else {
        let path = self.configuration.runtimeDirectory.appendingPathComponent(role.fileName).path
        servers.append(try await SocketServer.listen(role, at: path, logger: self.logger))
        sockets.append(path)
      }
    }
    self.logger.info("listening on \(sockets.joined(separator: " and "))")
    return servers
  }

  /// Empties `cache` after every action ``QuakesFilter`` says can change the quakes.
  private static func emptyListCache(_ cache: ListCache, whenQuakesChangeIn store: Store<QuakesState, QuakesAction>)
    async
  {
    let changesQuakes = QuakesFilter.filterQuakes()
    for await (oldState, action, _) in await store.makeStream() where changesQuakes(oldState, action) {
      cache.removeAll()
    }
  }

  private func openLocalStore() throws -> SQLiteLocalStore {
    if self.configuration.ephemeral {
      self.logger.info("keeping the cache in memory only (--ephemeral)")
      return try SQLiteLocalStore.inMemory()
    }
    try DirectoryCreation.create(self.configuration.stateDirectory, for: .stateDirectory)
    self.logger.info("cache: \(self.configuration.databasePath)")
    do {
      return try SQLiteLocalStore(path: self.configuration.databasePath)
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
