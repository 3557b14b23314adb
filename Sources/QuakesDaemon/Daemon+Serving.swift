import Foundation
import ImmutableData
import QuakesData
import QuakesProtocol
import QuakesSQLite
import QuakesUSGS
import ServiceLifecycle
import UnixSignals

extension Daemon {
  /// Serves `control.sock` and `query.sock` and polls on schedule until the
  /// service group shuts down gracefully, then stops the listener after its
  /// last write. Each long-running part is a ``DaemonService`` of a service
  /// group of its own, started in the order listed below and stopped in the
  /// reverse one (docs/architecture.md, "Stopping"). `metricTransitions` is the store's stream the metrics
  /// count from, made before the cache was loaded.
  func serve<L, R>(
    _ store: Store<QuakesState, QuakesAction>,
    scheduler: PollScheduler,
    listener: Listener<L, R>,
    network: CurlNetworkSession,
    historyPacer: RequestPacer,
    localStore: SQLiteLocalStore,
    backup: DatabaseBackup,
    metrics: DaemonMetrics,
    metricTransitions: AsyncStream<(oldState: QuakesState, action: QuakesAction, newState: QuakesState)>,
    notifier: SystemdNotifier,
    feedsFrom baseURL: String
  ) async throws {
    let limits = ReloadableSetting(self.limits)
    let current = ReloadableSetting(self.configuration)
    let reloader = self.reloading.map {
      ConfigurationReloader(
        source: $0, current: current, scheduler: scheduler, network: network, historyPacer: historyPacer,
        store: store, limits: limits,
        metrics: metrics, notifier: notifier, logger: self.logger)
    }
    let dispatcher = AlertDispatcher(outbox: localStore, configuration: current, logger: self.logger)
    let alerts = AlertQueries(outbox: localStore, configuration: current, dispatcher: dispatcher)
    let listCache = ListCache(byteLimit: self.limits.listCacheBytes)
    let reporter = StatusReporter(
      databasePath: self.configuration.ephemeral ? nil : self.configuration.databasePath,
      timetable: scheduler.timetable,
      startedAt: Date(), databasePageCacheBytes: self.configuration.ephemeral ? nil : localStore.pageCacheBytes,
      historyWaiting: { historyPacer.waiting(at: $0) })
    let watchHub = WatchHub(store: store, reporter: reporter, metrics: metrics, logger: self.logger)
    let connections = ConnectionCount()
    let metricsSource = MetricsSource(
      metrics: metrics, reporter: reporter, connections: connections, watchHub: watchHub)
    let catalogue = CatalogueReader(store: store, database: localStore, progress: listener.progress)
    let responder = RequestResponder(
      store: store, catalogue: catalogue, reporter: reporter, listCache: listCache, watchHub: watchHub,
      reloader: reloader, backup: backup, metrics: metrics, metricsSource: metricsSource, alerts: alerts,
      logger: self.logger)
    let servers: [SocketServer]
    let metricsServer: MetricsHTTPServer?
    do {
      // The metrics address first: its failure then leaves no socket file behind.
      if let address = self.configuration.metricsListen {
        metricsServer = try await MetricsHTTPServer.listen(on: address)
      } else {
        metricsServer = nil
      }
      servers = try await self.openSockets()
    } catch {
      await listener.shutdown()
      throw error
    }
    if let metricsServer {
      self.logger.info("serving metrics on http://\(metricsServer.address)/metrics")
    }
    self.logger.info(
      "polling \(self.configuration.feeds.map(\.description).joined(separator: ", ")) from \(baseURL)")
    notifier.ready(status: SystemdStatus.ready(cached: store.snapshot().selectQuakesCount()))
    // Made before the sockets accept a client, so that no refresh is missed.
    let refreshTransitions = await store.makeStream()
    let historyTransitions = await store.makeStream()
    let history = store.snapshot().history
    // Started in this order; stopped in the reverse one, each part once the
    // one after it returned: the sockets first (no new request, and the
    // clients' connections closed), then what starts work (reloads, polls,
    // reconciliations, alert deliveries), then what only follows the store
    // (watchers, logs, the list cache, the metrics), the watchdog last.
    var services: [DaemonService] = []
    if let interval = notifier.watchdogPingInterval {
      // First, so last to stop: systemd expects pings until STOPPING=1.
      services.append(
        DaemonService("watchdog") {
          await scheduler.runWatchdog(
            every: interval, hungAfter: { Self.hungPollLimit(current.value) }, ping: notifier.watchdog)
        })
    }
    services += [
      DaemonService("metrics of transitions") { await metrics.recordTransitions(metricTransitions) },
      DaemonService("list cache invalidation") { await Self.emptyListCache(listCache, whenQuakesChangeIn: store) },
      DaemonService("requested poll log") { await RequestedPollLog(logger: self.logger).run(refreshTransitions) },
      DaemonService("backfill log") { await HistoryJobLog(logger: self.logger).run(from: history, historyTransitions) },
      DaemonService("watch hub") { await watchHub.run() },
      DaemonService("alert dispatcher") { await dispatcher.run(store: store) },
      DaemonService("reconciliation scheduler") {
        await ReconcileScheduler(
          store: store, configuration: current, extent: { try await localStore.catalogueExtent() }
        )
        .run()
      },
      DaemonService("poll scheduler") { await scheduler.run() },
    ]
    if let reloader, let reloading = self.reloading, reloading.reloadsOnHangup {
      services.append(
        DaemonService("SIGHUP reloads") { await Self.reloadOnHangup(reloader, cameEarly: reloading.hangupCameEarly) })
    }
    if let metricsServer {
      services.append(
        DaemonService("metrics listener") {
          await metricsServer.run(metrics: { metricsSource.text(of: store.snapshot()) }, logger: self.logger)
        })
    }
    for server in servers {
      services.append(
        DaemonService("\(server.role.fileName) server") {
          await server.run(responder: responder, limits: limits, connections: connections, logger: self.logger)
        })
    }
    // The group inherits the graceful shutdown of the one that runs quakesd
    // (SIGTERM, SIGINT); a part that returns early leaves the others running.
    let parts = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: services.map { .init(service: $0, successTerminationBehavior: .ignore) },
        logger: self.logger))
    do {
      try await parts.run()
    } catch {
      // Whatever stopped the parts, the last write is waited for; the
      // error itself is logged once, where quakesd exits.
      self.logger.info("stopping")
      notifier.stopping(status: SystemdStatus.stopping)
      await listener.shutdown()
      throw error
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
  private static func hungPollLimit(_ configuration: DaemonConfiguration) -> Duration {
    configuration.network.totalTimeout * 2 + .seconds(60)
  }

  /// Reloads on each SIGHUP, and once at the start if one came before
  /// quakesd listened for it; until the calling task is cancelled.
  private static func reloadOnHangup(_ reloader: ConfigurationReloader, cameEarly: () -> Bool) async {
    let hangups = await UnixSignalsSequence(trapping: .sighup)
    if cameEarly() {
      _ = try? await reloader.reload(requestedBy: "SIGHUP")
    }
    for await _ in hangups {
      _ = try? await reloader.reload(requestedBy: "SIGHUP")
    }
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
}
