import ImmutableData
import QuakesData
import QuakesServer
import UnixSignals

extension RunningDaemon {
  /// The long-running parts, in the order they start; they stop in the
  /// reverse one, each once the one after it returned: the sockets first
  /// (no new request, and the clients' connections closed), then what starts
  /// work (reloads, polls, reconciliations, alert deliveries), then what
  /// only follows the store (watchers, logs, the list cache, the metrics),
  /// the watchdog last.
  func services(_ parts: Parts, _ listening: Listening) async -> [DaemonService] {
    // Made before the sockets accept a client, so that no refresh is missed.
    let refreshTransitions = await self.store.makeStream()
    let historyTransitions = await self.store.makeStream()
    let history = self.store.snapshot().history
    let (store, scheduler, logger, metrics, database) = (
      self.store, self.scheduler, self.logger, self.metrics, self.database
    )
    var services: [DaemonService] = []
    if let interval = self.notifier.watchdogPingInterval {
      // First, so last to stop: systemd expects pings until STOPPING=1.
      let (notifier, current) = (self.notifier, parts.current)
      services.append(
        DaemonService("watchdog") {
          await scheduler.runWatchdog(
            every: interval, hungAfter: { Self.hungPollLimit(current.value) }, ping: notifier.watchdog)
        })
    }
    let metricTransitions = self.metricTransitions
    services += [
      DaemonService("metrics of transitions") { await metrics.recordTransitions(metricTransitions) },
      DaemonService("list cache invalidation") {
        await Self.emptyListCache(parts.listCache, whenQuakesChangeIn: store)
      },
      DaemonService("requested poll log") { await RequestedPollLog(logger: logger).run(refreshTransitions) },
      DaemonService("backfill log") { await HistoryJobLog(logger: logger).run(from: history, historyTransitions) },
      DaemonService("watch hub") { await parts.watchHub.run() },
      DaemonService("alert dispatcher") { await parts.dispatcher.run(store: store) },
    ]
    let reconciliation = ReconcileScheduler(store: store, configuration: parts.current, extent: database.extent)
    if let sharing = database.sharing {
      // The candidacy stops after the work it allows: a leader stops
      // polling, then resigns.
      if let election = sharing.election {
        services.append(DaemonService("candidacy for the shared store") { await election.run() })
      }
      services.append(
        DaemonService("polls while leading, following otherwise") {
          await sharing.lead(while: store) {
            // At once, whenever the last poll was: the last leader may have
            // died between a fetch and its write.
            _ = await scheduler.pollOnce()
            await withDiscardingTaskGroup { group in
              group.addTask { await reconciliation.run() }
              group.addTask { await scheduler.run() }
            }
          }
        })
    } else {
      services += [
        DaemonService("reconciliation scheduler") { await reconciliation.run() },
        DaemonService("poll scheduler") { await scheduler.run() },
      ]
    }
    if let reloader = parts.reloader, let reloading = self.reloading, reloading.reloadsOnHangup {
      services.append(
        DaemonService("SIGHUP reloads") { await Self.reloadOnHangup(reloader, cameEarly: reloading.hangupCameEarly) })
    }
    if let metricsServer = listening.metrics {
      services.append(
        DaemonService("metrics listener") {
          await metricsServer.run(metrics: { parts.metricsSource.text(of: store.snapshot()) }, logger: logger)
        })
    }
    if let fdsn = listening.fdsn {
      services.append(DaemonService("FDSN web service") { await fdsn.run(logger: logger) })
    }
    for server in listening.sockets {
      services.append(
        DaemonService("\(server.role.fileName) server") {
          await server.run(
            responder: parts.responder, limits: { parts.limits.value }, connections: parts.connections, logger: logger)
        })
    }
    return services
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
