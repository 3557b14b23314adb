import Foundation
import ImmutableData
import QuakesData

/// Starts a reconciliation every `reconcile` interval (the configuration's,
/// re-read after a reload), counted from the start of the last one: a
/// restart does not reset the clock, and a daemon that was stopped longer
/// than the interval reconciles soon after it starts. With no
/// reconciliation on record, the first comes one interval after the start.
struct ReconcileScheduler {
  let store: Store<QuakesState, QuakesAction>
  let configuration: ReloadableSetting<DaemonConfiguration>
  /// How often the schedule is looked at again when nothing is due (a
  /// reload may have turned reconciliation on or shortened it), or while a
  /// reconciliation runs; never less often than the interval, so that one
  /// shorter than this is honoured.
  var recheck: Duration = .seconds(5)
  /// The time now: the system's, a test's own clock in tests.
  var now: @Sendable () -> Date = { Date() }
  /// How far the catalogue reaches, as the local store measures it; `nil`
  /// lets the reducer take the state's quakes (a test's store holds them all).
  var extent: @Sendable () async throws -> CatalogueExtent? = { nil }
  /// Waits `duration` or until the task is cancelled: a test's clock moves
  /// instead of waiting.
  var sleep: @Sendable (Duration) async -> Void = { duration in try? await Task.sleep(for: duration) }

  /// Runs until the calling task is cancelled.
  func run() async {
    let started = self.now()
    while !Task.isCancelled {
      var wait = await self.dueIn(since: started)
      if wait == .zero {
        do {
          wait = await self.dispatch(extent: try await self.extent())
        } catch {
          // The catalogue could not be read: its error shows in status
          // through the writes; look again later.
          wait = self.recheck
        }
      }
      await self.sleep(wait)
    }
  }

  /// How long until a reconciliation is due: zero when it is now.
  @StoreActor
  private func dueIn(since started: Date) -> Duration {
    guard let interval = self.configuration.value.reconcileInterval else { return self.recheck }
    let recheck = min(self.recheck, interval)
    let last = self.store.snapshot().history[.reconcile]
    if last?.isRunning == true { return recheck }
    let now = self.now()
    // A start recorded in the future (the clock was ahead then) counts as now.
    let due = min(last?.started ?? started, now).addingTimeInterval(interval.seconds)
    guard due <= now else { return min(recheck, .milliseconds(Int64(due.timeIntervalSince(now) * 1000) + 1)) }
    return .zero
  }

  /// Dispatches `reconcileDue` over `extent`; returns how long to wait
  /// before looking again.
  @StoreActor
  private func dispatch(extent: CatalogueExtent?) -> Duration {
    guard let interval = self.configuration.value.reconcileInterval else { return self.recheck }
    let recheck = min(self.recheck, interval)
    let last = self.store.snapshot().history[.reconcile]
    try? self.store.dispatch(action: .scheduler(.reconcileDue(date: self.now(), extent: extent)))
    guard let started = self.store.snapshot().history[.reconcile], started.id != last?.id else {
      // Nothing to reconcile (the cache is empty): wait a whole interval.
      return min(interval, .seconds(3_600))
    }
    return recheck
  }
}
