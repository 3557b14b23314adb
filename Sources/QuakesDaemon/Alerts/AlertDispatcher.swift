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
/// after the restart, with the same idempotency key. Each attempt is
/// recorded before it starts, as interrupted and due again after the retry
/// delay, so a crash during it is never followed by every delivery at once
/// at the restart, and a delivery that quakesd died during
/// ``interruptionLimit`` times is given up rather than tried in a loop.
actor AlertDispatcher {
  /// How many deliveries run at once.
  static let concurrency = 8
  /// How many of a delivery's attempts quakesd may stop during (a crash,
  /// a kill) before the delivery is given up without another attempt.
  static let interruptionLimit = 3
  /// How long past its longest possible attempt a delivery begun on a
  /// shared outbox stays claimed: the hosts' clocks may differ by that much.
  static let sharedClaimMargin = Duration.seconds(30)
  /// How many due deliveries one look at the outbox takes.
  static let batchSize = 64
  /// How long finished firings stay in the history: longer than any feed
  /// carries a quake, so the outbox remembers every quake a rule announced.
  static let historyDays = 90

  private let outbox: any AlertOutbox
  private let configuration: ReloadableSetting<DaemonConfiguration>
  private let logger: Logger
  /// Where attempts and repeats count.
  private let metrics: DaemonMetrics?
  private let now: @Sendable () -> Date
  private var inFlight: Set<DeliveryKey> = []
  /// Deliveries whose attempt was recorded while the outbox was being read:
  /// that read may predate the record, and must not start them again.
  private var settledDuringRead: Set<DeliveryKey> = []
  /// When the history was last pruned.
  private var lastPrune: Date?
  /// Deliveries whose attempt could not be recorded, and when to try them
  /// again: the outbox still says they are due, and re-sending at once,
  /// again and again, would flood the receiver.
  private var notBefore: [DeliveryKey: Date] = [:]
  /// How long a delivery whose attempt could not be recorded waits.
  static let unrecordedRetry: TimeInterval = 60
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
    outbox: any AlertOutbox,
    configuration: ReloadableSetting<DaemonConfiguration>,
    metrics: DaemonMetrics? = nil,
    logger: Logger,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.outbox = outbox
    self.configuration = configuration
    self.metrics = metrics
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
          switch action {
          case .data(.persistentSession(.localStore(.didWriteRemoteQuakes))),
            .data(.persistentSession(.localStore(.didFollowChanges))):
            // A batch written here, or by the leader of a shared store.
            self.nudge()
          default:
            break
          }
        }
      }
      group.addTask { await self.deliverUntilCancelled() }
    }
  }

  private func deliverUntilCancelled() async {
    await withDiscardingTaskGroup { group in
      var wakeups = self.wakeups.makeAsyncIterator()
      while !Task.isCancelled {
        let now = self.now()
        await self.pruneDaily()
        await self.writeDueDigests()
        await self.startDue(at: now) { delivery in
          group.addTask { await self.attempt(delivery) }
        }
        // Attempts that end nudge; so does the timer of the next retry (or,
        // when the outbox cannot be read, of the next look).
        var next: Date?
        do {
          next = try await self.outbox.nextAlertDeliveryDue(after: now)
        } catch {
          next = now.addingTimeInterval(Self.unrecordedRetry)
        }
        next = [next, self.notBefore.values.min()].compactMap { $0 }.min()
        let clock = self.now
        let timer = next.map { date in
          Task {
            // At most a day: a time far off (a script wrote it) is looked at again then.
            let wait = min(max(0, date.timeIntervalSince(clock())), 86_400)
            try await Task.sleep(for: .milliseconds(Int64((wait * 1000).rounded(.up)) + 1))
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
  private func startDue(at now: Date, _ start: (AlertDelivery) -> Void) async {
    let free = Self.concurrency - self.inFlight.count
    guard free > 0 else { return }
    let due: [AlertDelivery]
    self.settledDuringRead = []
    do {
      due = try await self.outbox.alertDeliveriesDue(
        at: now, limit: Self.batchSize + self.inFlight.count + self.notBefore.count)
    } catch {
      self.logger.error("cannot read the alert outbox: \(errorMessage(error))")
      return
    }
    var released: [Int64: Bool] = [:]
    for delivery in due where self.inFlight.count < Self.concurrency {
      let key = DeliveryKey(delivery)
      guard !self.inFlight.contains(key), !self.settledDuringRead.contains(key),
        self.notBefore[key].map({ $0 <= now }) ?? true
      else { continue }
      if !delivery.isReleased {
        let passes: Bool
        if let decided = released[delivery.firing] {
          passes = decided
        } else {
          passes = await self.passesFloodControl(delivery)
          released[delivery.firing] = passes
        }
        guard passes, !self.inFlight.contains(key) else { continue }
      }
      self.inFlight.insert(key)
      start(delivery)
    }
  }

  /// Whether the rule's flood control lets the firing of `delivery` go out
  /// now; when not, holds it back until its digest is due. A firing is
  /// decided once, for all its channels.
  private func passesFloodControl(_ delivery: AlertDelivery) async -> Bool {
    let now = self.now()
    guard let rule = self.configuration.value.alertRules.first(where: { $0.name == delivery.rule }) else { return true }
    do {
      var until: Date?
      if let quiet = rule.quiet, !delivery.isUrgent, quiet.contains(now) {
        until = quiet.end(after: now)
      } else if let limit = rule.limit {
        let since = now.addingTimeInterval(-limit.period.seconds)
        let released = try await self.outbox.releasedAlertFirings(rule: rule.name, since: since)
        if released.count >= limit.count {
          until = (released.first ?? now).addingTimeInterval(limit.period.seconds)
        }
      }
      if let until {
        try await self.outbox.holdAlertFiring(delivery.firing, until: until)
        let why = rule.quiet?.contains(now) == true ? "quiet hours" : "over its limit"
        self.logger.info(
          "holding back \(delivery.event) \(delivery.quakeId) (rule \(rule.name), \(why)) for a digest at \(Timestamp.iso8601(until))"
        )
        return false
      }
      try await self.outbox.releaseAlertFiring(delivery.firing, at: now)
    } catch {
      // Better a notification too many than one lost.
      self.logger.error("cannot apply the flood control of rule \(rule.name): \(errorMessage(error)); sending")
    }
    return true
  }

  /// Writes the digest of each rule whose held firings are due: one
  /// notification listing them, delivered as any other.
  private func writeDueDigests() async {
    let now = self.now()
    do {
      for name in try await self.outbox.alertDigestsDue(at: now) {
        let channels = self.configuration.value.alertRules.first { $0.name == name }?.channels.map(\.name) ?? []
        let count = try await self.outbox.recordAlertDigest(rule: name, channels: channels, at: now)
        self.logger.info("rule \(name): a digest of the \(Plural.count(count, "firing")) held back")
      }
    } catch {
      self.logger.error("cannot write the alert digests: \(errorMessage(error))")
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
    let policy = configuration.alertDelivery
    let number = delivery.attempts + 1
    let startedAt = self.now()
    if let reason = Self.reasonToGiveUp(delivery, policy: policy) {
      await self.abandon(delivery, reason: reason, at: startedAt)
      return
    }
    let channel = configuration.alertRules.first(where: { $0.name == delivery.rule })?.channels
      .first(where: { $0.name == delivery.channel })
    let repeats: Bool
    do {
      var retry = policy.retryDelay(afterAttempt: number) ?? policy.firstRetry
      if self.outbox.isShared, let channel {
        // Due again only once the attempt could have ended: another quakesd
        // of the store must not begin it while this one is still at it.
        retry = max(retry, channel.longestAttempt + Self.sharedClaimMargin)
      }
      let retryAt = startedAt.addingTimeInterval(retry.seconds)
      repeats = try await self.outbox.beginAlertAttempt(
        firing: delivery.firing, channel: delivery.channel, number: number, startedAt: startedAt, retryAt: retryAt)
    } catch is AlertDeliveryTaken {
      // Another quakesd of a shared store delivers it.
      return
    } catch {
      self.notBefore[DeliveryKey(delivery)] = self.now().addingTimeInterval(Self.unrecordedRetry)
      self.logger.error(
        "cannot record the start of alert delivery \(delivery.key): \(errorMessage(error)); trying it in \(Int(Self.unrecordedRetry)) s"
      )
      return
    }
    if repeats {
      // Counted as it is sent: a receiver may have the delivery already.
      // (Each sending after the interrupted attempt counts, a second one
      // after a stop took the first back too: it may reach the receiver.)
      self.metrics?.alertRepeated()
      self.logger.notice(
        """
        alert delivery \(delivery.key) is tried again after an attempt its quakesd was killed during: \
        the receiver may get it twice, with the same Idempotency-Key
        """)
    }
    let clock = ContinuousClock.now
    let outcome: ChannelOutcome
    if let channel {
      outcome = await channel.deliver(delivery, logger: self.logger)
    } else {
      outcome = .permanent("the configuration no longer has this channel for rule \(delivery.rule)")
    }
    if Task.isCancelled, !outcome.isDelivered {
      // quakesd is stopping: the delivery stays pending, as it was, and is
      // tried again after the restart (if this cannot be written, the
      // attempt stays recorded as interrupted, which is as safe). Written
      // from a task of its own: GRDB refuses a cancelled task's write.
      await Task { [outbox = self.outbox] in
        try? await outbox.withdrawAlertAttempt(
          firing: delivery.firing, channel: delivery.channel, number: number, attempts: delivery.attempts,
          dueAt: startedAt)
      }.value
      return
    }
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
    self.metrics?.alertAttempted(outcome: state == .delivered ? "delivered" : state == .failed ? "failed" : "retry")
    // From a task of its own, as above: an exit status 0 or a 2xx that came
    // as quakesd began to stop must be recorded, or it would be sent again.
    let outbox = self.outbox
    switch await Task(operation: { try await outbox.recordAlertAttempt(attempt) }).result {
    case .success:
      self.notBefore[DeliveryKey(delivery)] = nil
    case .failure(let error):
      self.notBefore[DeliveryKey(delivery)] = self.now().addingTimeInterval(Self.unrecordedRetry)
      let again = Int(Self.unrecordedRetry)
      self.logger.error(
        "cannot record the alert delivery \(delivery.key): \(errorMessage(error)); trying it again in \(again) s")
    }
  }

  /// Why `delivery` gets no further attempt, or `nil` when it may have one:
  /// quakesd stopped during too many of its attempts, or it has had as many
  /// as `alert-attempts` allows (its last was interrupted, or a reload
  /// lowered the number).
  private static func reasonToGiveUp(_ delivery: AlertDelivery, policy: AlertDeliveryPolicy) -> String? {
    if delivery.interruptedAttempts >= Self.interruptionLimit {
      return "quakesd stopped during \(delivery.interruptedAttempts) attempts at this delivery (a crash or a kill);"
        + " given up so that it cannot stop quakesd again: see the log of those times"
    }
    if delivery.attempts >= policy.attempts {
      return "given up after \(Plural.count(delivery.attempts, "attempt")) (alert-attempts: \(policy.attempts))"
    }
    return nil
  }

  /// Fails `delivery` for good without an attempt, and says why.
  private func abandon(_ delivery: AlertDelivery, reason: String, at date: Date) async {
    self.logger.error(
      "alerting \(delivery.event) \(delivery.quakeId) (rule \(delivery.rule)) to \(AlertChannel.shown(delivery.channel)) failed for good: \(reason)"
    )
    do {
      try await self.outbox.abandonAlertDelivery(
        firing: delivery.firing, channel: delivery.channel, attempts: delivery.attempts, at: date, reason: reason)
    } catch {
      self.notBefore[DeliveryKey(delivery)] = self.now().addingTimeInterval(Self.unrecordedRetry)
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
    let what =
      "\(delivery.event) \(delivery.quakeId) (rule \(delivery.rule)) to \(AlertChannel.shown(delivery.channel))"
    switch attempt.state {
    case .delivered: self.logger.info("alerted \(what): \(attempt.detail ?? "")")
    case .pending:
      let again = retry.map(DurationText.format) ?? "a while"
      self.logger.warning(
        "alerting \(what) failed (attempt \(attempt.number)): \(attempt.detail ?? ""); trying again in \(again)")
    case .failed:
      self.logger.error(
        "alerting \(what) failed for good after \(Plural.count(attempt.number, "attempt")): \(attempt.detail ?? "")")
    case .held, .digested:
      break
    }
  }

}
