import Foundation
import QuakesServer

extension RunningDaemon {
  /// What more than one part of the running daemon uses: the settings a
  /// reload replaces, the alert dispatcher, and what the sockets answer
  /// with.
  struct Parts: Sendable {
    /// The server's limits; a reload replaces the idle timeout.
    let limits: ReloadableSetting<ServerLimits>
    /// The configuration the daemon runs with; a reload replaces it.
    let current: ReloadableSetting<DaemonConfiguration>
    let reloader: ConfigurationReloader?
    let dispatcher: AlertDispatcher
    let listCache: ListCache
    let watchHub: WatchHub
    let connections: ConnectionCount
    let metricsSource: MetricsSource
    /// Reads the database for the sockets and the FDSN service.
    let catalogue: CatalogueReader
    /// Answers the requests of both sockets.
    let responder: RequestResponder
    /// The long answers the FDSN service writes at once.
    let fdsnSlots: AnswerSlots

    init(of daemon: RunningDaemon) {
      let configuration = daemon.configuration
      let limits = ReloadableSetting(ServerLimits(idleTimeout: configuration.idleTimeout))
      let current = ReloadableSetting(configuration)
      let reloader = daemon.reloading.map {
        ConfigurationReloader(
          source: $0, current: current, scheduler: daemon.scheduler, network: daemon.network,
          historyPacer: daemon.historyPacer, store: daemon.store, limits: limits,
          metrics: daemon.metrics, notifier: daemon.notifier, logger: daemon.logger)
      }
      let dispatcher = AlertDispatcher(
        outbox: daemon.database.outbox, configuration: current, metrics: daemon.metrics, logger: daemon.logger)
      let listCache = ListCache(byteLimit: limits.value.listCacheBytes)
      let pacer = daemon.historyPacer
      let reporter = StatusReporter(
        databasePath: daemon.database.path,
        timetable: daemon.scheduler.timetable,
        startedAt: Date(), databasePageCacheBytes: daemon.database.pageCacheBytes,
        historyWaiting: { pacer.waiting(at: $0).map { ($0.until, $0.reason) } },
        sharedStore: { [sharing = daemon.database.sharing] in sharing?.status })
      let watchHub = WatchHub(
        store: daemon.store, reporter: reporter, metrics: daemon.metrics, logger: daemon.logger)
      let connections = ConnectionCount()
      let (listSlots, fdsnSlots) = (AnswerSlots(count: 4), AnswerSlots(count: 4))
      let metricsSource = MetricsSource(
        metrics: daemon.metrics, reporter: reporter, connections: connections, watchHub: watchHub,
        longAnswers: [("socket", listSlots), ("fdsn", fdsnSlots)])
      let catalogue = CatalogueReader(
        store: daemon.store, database: daemon.database.catalogue, progress: daemon.listener.progress)
      let answering = RequestResponder.Parts(
        catalogue: catalogue,
        reporter: reporter, listCache: listCache, watchHub: watchHub,
        refresher: FeedPoller(store: daemon.store), backup: daemon.database.backup, reloader: reloader,
        metrics: daemon.metrics, metricsText: metricsSource,
        alerts: AlertQueries(outbox: daemon.database.outbox, configuration: current, dispatcher: dispatcher),
        listSlots: listSlots)
      self.limits = limits
      self.current = current
      self.reloader = reloader
      self.dispatcher = dispatcher
      self.listCache = listCache
      self.watchHub = watchHub
      self.connections = connections
      self.metricsSource = metricsSource
      self.catalogue = catalogue
      self.responder = RequestResponder(store: daemon.store, parts: answering, logger: daemon.logger)
      self.fdsnSlots = fdsnSlots
    }
  }
}
