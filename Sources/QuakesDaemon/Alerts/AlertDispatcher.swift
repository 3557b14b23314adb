import Foundation
import ImmutableData
import Logging
import QuakesData
import QuakesModel
import QuakesSQLite

/// Delivers what the alert outbox holds pending: the firings the listener
/// wrote with each diff, to their rules' channels, with retries.
///
/// It runs beside the store, never on its actor: a slow or hanging receiver
/// holds one of ``concurrency`` delivery slots until its timeout, and never
/// delays a poll, a write or a query. It wakes when a batch was written
/// (a store transition), when a retry falls due, and when an attempt ends.
///
/// Delivery is at least once: the outbox row is written before any attempt
/// and marked after it, so a crash between the two sends the event again
/// after the restart, with the same idempotency key.
actor AlertDispatcher {
  /// How many deliveries run at once.
  static let concurrency = 8
  /// How many due deliveries one look at the outbox takes.
  static let batchSize = 64
  /// How long finished firings stay in the history: longer than any feed
  /// carries a quake, so the outbox remembers every quake a rule announced.
  static let historyDays = 90

  private let outbox: SQLiteLocalStore
  private let configuration: ReloadableSetting<DaemonConfiguration>
  private let logger: Logger
  private let now: @Sendable () -> Date
  private var inFlight: Set<DeliveryKey> = []
  /// Deliveries whose attempt was recorded while the outbox was being read:
  /// that read may predate the record, and must not start them again.
  private var settledDuringRead: Set<DeliveryKey> = []
  /// When the history was last pruned.
  private var lastPrune: Date?
  private let wakeups: AsyncStream<Void>
  private let wake: AsyncStream<Void>.Continuation

  /// A delivery in flight: its firing's row and its channel.
  private struct DeliveryKey: Hashable {
    let firing: Int64
    let channel: String

    init(_ delivery: AlertDelivery) {
      self.firing = delivery.firing
      self.channel = delivery.channel
    }
  }

  /// Creates a dispatcher over the outbox of `outbox`, with the rules and
  /// delivery policy of `configuration` (read again at each attempt, so a
  /// reload applies to the next one).
  init(
    outbox: SQLiteLocalStore,
    configuration: ReloadableSetting<DaemonConfiguration>,
    logger: Logger,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.outbox = outbox
    self.configuration = configuration
    self.logger = logger
    self.now = now
    (self.wakeups, self.wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// Asks the dispatcher to look at the outbox again now.
  nonisolated func nudge() {
    self.wake.yield()
  }

  /// Delivers until the calling task is cancelled; looks at the outbox
  /// after every batch written to the store.
  func run(store: Store<QuakesState, QuakesAction>) async {
    let transitions = await store.makeStream()
    await withDiscardingTaskGroup { group in
      group.addTask {
        for await (_, action, _) in transitions {
          if case .data(.persistentSession(.localStore(.didWriteRemoteQuakes))) = action { self.nudge() }
        }
      }
      group.addTask { await self.deliverUntilCancelled() }
    }
  }

  private func deliverUntilCancelled() async {
    await withDiscardingTaskGroup { group in
      var wakeups = self.wakeups.makeAsyncIterator()
      while !Task.isCancelled {
        await self.pruneDaily()
        await self.startDue { delivery in
          group.addTask { await self.attempt(delivery) }
        }
        // Attempts that end nudge; so does the timer of the next retry.
        let next = try? await self.outbox.nextAlertDeliveryDue(after: self.now())
        let timer = next.map { date in
          Task { [now] in
            try await Task.sleep(for: .milliseconds(Int64((date.timeIntervalSince(now()) * 1000).rounded(.up)) + 1))
            self.nudge()
          }
        }
        _ = await wakeups.next()
        timer?.cancel()
      }
      group.cancelAll()
    }
  }

  /// Starts the due deliveries not in flight, as far as slots allow (an
  /// attempt that ends frees one and looks again).
  private func startDue(_ start: (AlertDelivery) -> Void) async {
    let free = Self.concurrency - self.inFlight.count
    guard free > 0 else { return }
    let due: [AlertDelivery]
    self.settledDuringRead = []
    do {
      due = try await self.outbox.alertDeliveriesDue(at: self.now(), limit: Self.batchSize + self.inFlight.count)
    } catch {
      self.logger.error("cannot read the alert outbox: \(errorMessage(error))")
      return
    }
    let startable = due.lazy.filter {
      !self.inFlight.contains(DeliveryKey($0)) && !self.settledDuringRead.contains(DeliveryKey($0))
    }
    for delivery in startable.prefix(Self.concurrency - self.inFlight.count) {
      self.inFlight.insert(DeliveryKey(delivery))
      start(delivery)
    }
  }

  /// Forgets the firings older than ``historyDays`` whose deliveries are
  /// finished, at the start and then once a day.
  private func pruneDaily() async {
    let now = self.now()
    if let last = self.lastPrune, now.timeIntervalSince(last) < 86_400 { return }
    self.lastPrune = now
    do {
      let pruned = try await self.outbox.pruneAlertHistory(
        firedBefore: now.addingTimeInterval(-Double(Self.historyDays) * 86_400))
      if pruned > 0 { self.logger.info("forgot \(pruned) alert firings older than \(Self.historyDays) days") }
    } catch {
      self.logger.error("cannot prune the alert history: \(errorMessage(error))")
    }
  }

  /// Makes one attempt at `delivery` and records it.
  private func attempt(_ delivery: AlertDelivery) async {
    defer {
      self.inFlight.remove(DeliveryKey(delivery))
      self.settledDuringRead.insert(DeliveryKey(delivery))
      self.nudge()
    }
    let configuration = self.configuration.value
    let startedAt = self.now()
    let clock = ContinuousClock.now
    let outcome: ChannelOutcome
    if let channel = configuration.alertRules.first(where: { $0.name == delivery.rule })?.channels
      .first(where: { $0.name == delivery.channel })
    {
      outcome = await channel.deliver(delivery, logger: self.logger)
    } else {
      outcome = .permanent("the configuration no longer has this channel for rule \(delivery.rule)")
    }
    if Task.isCancelled, !outcome.isDelivered {
      // quakesd is stopping: the delivery stays pending, and is tried again after the restart.
      return
    }
    let number = delivery.attempts + 1
    let policy = configuration.alertDelivery
    let retry: Duration? =
      switch outcome {
      case .retryable: policy.retryDelay(afterAttempt: number)
      case .delivered, .permanent: nil
      }
    let state: AlertDeliveryState = outcome.isDelivered ? .delivered : retry == nil ? .failed : .pending
    let attempt = AlertAttempt(
      firing: delivery.firing, channel: delivery.channel, number: number, startedAt: startedAt,
      milliseconds: Int((ContinuousClock.now - clock) / .milliseconds(1)), delivered: outcome.isDelivered,
      detail: outcome.detail, state: state, nextAttempt: retry.map { self.now().addingTimeInterval($0.seconds) })
    self.log(delivery, attempt: attempt, retry: retry)
    do {
      try await self.outbox.recordAlertAttempt(attempt)
    } catch {
      self.logger.error("cannot record the alert delivery \(delivery.key): \(errorMessage(error))")
    }
  }

  /// Sends a `test` event of `quake` to every channel of `rule`, once each
  /// and without retries, and records the firing and the attempts in the
  /// outbox's history (`quakectl alerts test RULE --send ID`).
  func sendTest(_ quake: Quake, rule: ConfiguredAlertRule) async throws -> (key: String, attempts: [AlertAttempt]) {
    let firedAt = self.now()
    let key = AlertFiring.idempotencyKey(
      rule: rule.name, event: "test", quakeId: quake.id, version: Timestamp.milliseconds(quake.updated))
    let payload = AlertFiring.eventJSON(
      event: "test", rule: rule.name, key: key, firedAt: firedAt, quake: quake, previous: nil, changes: [])
    let firing = try await self.outbox.recordAlertTest(
      rule: rule.name, quake: quake, payload: payload, channels: rule.channels.map(\.name), at: firedAt)
    var attempts: [AlertAttempt] = []
    for channel in rule.channels {
      let delivery = AlertDelivery(
        firing: firing, channel: channel.name, rule: rule.name, event: "test", quakeId: quake.id, key: key,
        payload: payload, attempts: 0)
      let startedAt = self.now()
      let clock = ContinuousClock.now
      let outcome = await channel.deliver(delivery, logger: self.logger)
      let attempt = AlertAttempt(
        firing: firing, channel: channel.name, number: 1, startedAt: startedAt,
        milliseconds: Int((ContinuousClock.now - clock) / .milliseconds(1)), delivered: outcome.isDelivered,
        detail: outcome.detail, state: outcome.isDelivered ? .delivered : .failed, nextAttempt: nil)
      self.log(delivery, attempt: attempt, retry: nil)
      try await self.outbox.recordAlertAttempt(attempt)
      attempts.append(attempt)
    }
    return (key, attempts)
  }

  private func log(_ delivery: AlertDelivery, attempt: AlertAttempt, retry: Duration?) {
    let what = "\(delivery.event) \(delivery.quakeId) (rule \(delivery.rule)) to \(delivery.channel)"
    switch attempt.state {
    case .delivered: self.logger.info("alerted \(what): \(attempt.detail ?? "")")
    case .pending:
      let again = retry.map(DurationText.format) ?? "a while"
      self.logger.warning(
        "alerting \(what) failed (attempt \(attempt.number)): \(attempt.detail ?? ""); trying again in \(again)")
    case .failed:
      self.logger.error(
        "alerting \(what) failed for good after \(attempt.number) attempts: \(attempt.detail ?? "")")
    }
  }

}
