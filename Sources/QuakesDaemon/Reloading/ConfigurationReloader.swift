import Foundation
import ImmutableData
import Logging
import QuakesData
import QuakesProtocol
import QuakesServer
import QuakesUSGS

/// Reads the configuration again while the daemon runs (SIGHUP,
/// `daemon.reload`) and applies what changed: the feeds and their intervals,
/// the network limits, upstream deletions, the log level, the idle timeout.
///
/// The new configuration is checked whole before anything is applied; a bad
/// one changes nothing. A new value of a key the daemon opened at its start
/// (``ConfigurationKey/appliesOnReload``) is reported and waits for a
/// restart, at every reload until then (``ReloadPlan``). One reload runs at
/// a time; systemd hears `RELOADING=1` before it and `READY=1` after it, as
/// `Type=notify-reload` expects.
actor ConfigurationReloader {
  private let source: ReloadSource
  /// The configuration the daemon runs with; the watchdog reads it too.
  let current: ReloadableSetting<DaemonConfiguration>
  private let scheduler: PollScheduler
  private let network: CurlNetworkSession
  private let historyPacer: RequestPacer
  private let store: Store<QuakesState, QuakesAction>
  private let limits: ReloadableSetting<ServerLimits>
  private let metrics: DaemonMetrics?
  private let notifier: SystemdNotifier
  private let logger: Logger
  /// The reload running or last run: the next one waits for it, since the
  /// actor would otherwise let a second reload in while the first awaits
  /// the store, and the first would then undo part of the second.
  private var last: Task<Result<ReloadResult, ConfigurationError>, Never>?

  init(
    source: ReloadSource,
    current: ReloadableSetting<DaemonConfiguration>,
    scheduler: PollScheduler,
    network: CurlNetworkSession,
    historyPacer: RequestPacer,
    store: Store<QuakesState, QuakesAction>,
    limits: ReloadableSetting<ServerLimits>,
    metrics: DaemonMetrics?,
    notifier: SystemdNotifier,
    logger: Logger
  ) {
    self.metrics = metrics
    self.source = source
    self.current = current
    self.scheduler = scheduler
    self.network = network
    self.historyPacer = historyPacer
    self.store = store
    self.limits = limits
    self.notifier = notifier
    self.logger = logger
  }

  /// Reloads, on behalf of `requester` (for the log: "SIGHUP", "quakectl reload").
  ///
  /// - Throws: ``ConfigurationError`` when the configuration is invalid;
  ///   the daemon then runs on as before.
  func reload(requestedBy requester: String) async throws(ConfigurationError) -> ReloadResult {
    let previous = self.last
    let task = Task {
      _ = await previous?.value
      return await self.reloadNow(requestedBy: requester)
    }
    self.last = task
    return try await task.value.get()
  }

  private func reloadNow(requestedBy requester: String) async -> Result<ReloadResult, ConfigurationError> {
    do {
      return .success(try await self.reloadNowThrowing(requester))
    } catch {
      return .failure(error)
    }
  }

  private func reloadNowThrowing(_ requester: String) async throws(ConfigurationError) -> ReloadResult {
    self.notifier.reloading()
    defer { self.notifier.ready(status: SystemdStatus.ready(cached: self.store.snapshot().selectQuakesCount())) }
    let resolved: ResolvedConfiguration
    do {
      resolved = try self.source.load()
    } catch {
      self.logger.error("reloading the configuration (\(requester)) failed; running on as before: \(error.message)")
      self.metrics?.reloaded("refused")
      throw error
    }
    let old = self.current.value
    let plan = ReloadPlan(running: old, loaded: resolved.configuration)
    await self.apply(plan.configuration, old: old)
    self.metrics?.reloaded("applied")
    self.log(
      applied: plan.applied, restartNeeded: plan.restartNeeded, configuration: plan.configuration,
      file: resolved.file, requester: requester)
    for warning in resolved.warnings { self.logger.warning("\(warning)") }
    return ReloadResult(
      configFile: resolved.file?.path, applied: plan.applied.map(\.name),
      restartNeeded: plan.restartNeeded.map(\.name))
  }

  private func apply(_ new: DaemonConfiguration, old: DaemonConfiguration) async {
    self.current.replace(with: new)
    if new.feeds != old.feeds {
      self.scheduler.reschedule(new.feeds)
    }
    self.network.reconfigure(new.network)
    await self.historyPacer.setInterval(new.fdsnInterval)
    if new.syncOptions != old.syncOptions {
      try? await self.store.dispatch(action: .daemon(.didReload(options: new.syncOptions)))
    }
    self.source.logLevel.replace(with: new.logLevel)
    var limits = self.limits.value
    limits.idleTimeout = new.idleTimeout
    self.limits.replace(with: limits)
  }

  private func log(
    applied: [ConfigurationKey], restartNeeded: [ConfigurationKey], configuration: DaemonConfiguration,
    file: ConfigurationFileContents?, requester: String
  ) {
    let from = file.map { " from \($0.path)" } ?? ""
    if applied.isEmpty && restartNeeded.isEmpty {
      self.logger.notice("reloaded the configuration\(from) (\(requester)): nothing changed")
    } else if !applied.isEmpty {
      let values = applied.map { "\($0.name): \($0.declaration.formattedValue(configuration))" }
      self.logger.notice(
        "reloaded the configuration\(from) (\(requester)): \(values.joined(separator: "; "))")
    }
    if !restartNeeded.isEmpty {
      self.logger.warning(
        "the configuration\(from) changes \(restartNeeded.map(\.name).joined(separator: ", ")), which only a restart applies; running on with the old values"
      )
    }
  }
}
