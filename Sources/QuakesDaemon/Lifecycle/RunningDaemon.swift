import Foundation
import ImmutableData
import Logging
import QuakesData
import QuakesServer
import QuakesUSGS
import ServiceLifecycle

/// The daemon once its cache is loaded: what it started (the store and its
/// listener, the scheduler, the network session, the database, the
/// metrics), run as a group of ``DaemonService``s until the service group
/// of quakesd shuts down gracefully (``run()``).
///
/// Each long-running part is one service, started in the order
/// ``services(_:)`` lists and stopped in the reverse one
/// (docs/architecture.md, "Stopping"); the sockets and the routing of their
/// requests are QuakesServer's, which asks the daemon's parts through small
/// protocols (``RequestResponder/Parts``).
struct RunningDaemon<LocalStore: PersistentSessionLocalStore, RemoteStore: PersistentSessionRemoteStore> {
  let configuration: DaemonConfiguration
  /// How to read the configuration again; `nil` when it cannot be.
  let reloading: ReloadSource?
  let logger: Logger
  let store: Store<QuakesState, QuakesAction>
  /// Writes the store's diffs; stopped after the last part, so that the last write is waited for.
  let listener: Listener<LocalStore, RemoteStore>
  let scheduler: PollScheduler
  let network: CurlNetworkSession
  /// Paces the FDSN requests of backfills and reconciliations.
  let historyPacer: RequestPacer
  let database: DaemonDatabase
  let metrics: DaemonMetrics
  /// The store's stream the metrics count from, made before the cache was loaded.
  let metricTransitions: AsyncStream<(oldState: QuakesState, action: QuakesAction, newState: QuakesState)>
  let notifier: SystemdNotifier
  /// Where the feeds come from, for the log.
  let feedsURL: String

  /// Serves `control.sock` and `query.sock` (and the metrics, when asked)
  /// and polls on schedule until the service group shuts down, then stops
  /// the listener after its last write.
  ///
  /// - Throws: ``ConfigurationError`` when a socket or the metrics address
  ///   cannot be served; what stopped the parts otherwise.
  func run() async throws {
    let parts = Parts(of: self)
    let listening: Listening
    do {
      listening = try await self.listen(parts)
    } catch {
      await self.listener.shutdown()
      throw error
    }
    self.logger.info(
      "polling \(self.configuration.feeds.map(\.description).joined(separator: ", ")) from \(self.feedsURL)")
    self.notifier.ready(status: SystemdStatus.ready(cached: self.store.snapshot().selectQuakesCount()))
    // The group inherits the graceful shutdown of the one that runs quakesd
    // (SIGTERM, SIGINT); a part that returns early leaves the others running.
    let group = await ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: self.services(parts, listening).map { .init(service: $0, successTerminationBehavior: .ignore) },
        logger: self.logger))
    do {
      try await group.run()
    } catch {
      // Whatever stopped the parts, the last write is waited for; the
      // error itself is logged once, where quakesd exits.
      await self.stop()
      throw error
    }
    await self.stop()
  }

  private func stop() async {
    self.logger.info("stopping")
    self.notifier.stopping(status: SystemdStatus.stopping)
    await self.listener.shutdown()
  }
}
