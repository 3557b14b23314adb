import Foundation
import QuakesData
import QuakesModel
import QuakesProtocol
import QuakesSQLite

/// Answers the `alerts.*` methods and the alert part of `quakes.status`
/// from the configuration's rules and the outbox.
struct AlertQueries: Sendable {
  let outbox: any AlertOutbox
  let configuration: ReloadableSetting<DaemonConfiguration>
  let dispatcher: AlertDispatcher

  /// The rules, each with what it did (`alerts.list`).
  func rules() async throws(ProtocolError) -> AlertsResult {
    let activity = try await self.read { try await $0.alertActivity() }
    return AlertsResult(
      rules: self.configuration.value.alertRules.map { rule in
        AlertsResult.Rule(
          name: rule.name, on: rule.rule.triggers.sorted().map(\.rawValue),
          channels: rule.channels.map { AlertChannel.shown($0.name) }, rule: rule.source,
          activity: activity[rule.name] ?? AlertActivity())
      })
  }

  /// The deliveries `params` ask for, and the firings of rules with no
  /// channel, newest first (`alerts.history`).
  func history(_ params: AlertParams) async throws(ProtocolError) -> AlertHistoryResult {
    let limit = try params.checkedLimit(default: 100)
    let since = try params.since.map { text throws(ProtocolError) in
      guard let date = Timestamp.parseISO8601(text) else {
        throw ProtocolError(
          .invalidRequest, "\"since\" must be an ISO 8601 time such as 2024-03-10T12:00:00Z, not \"\(text)\"")
      }
      return date
    }
    let entries = try await self.read { try await $0.alertHistory(rule: params.rule, since: since, limit: limit) }
    return AlertHistoryResult(
      deliveries: entries.map { entry in
        var entry = entry
        entry.channel = entry.channel.map(AlertChannel.shown)
        return entry
      })
  }

  /// The configured rule `name`.
  ///
  /// - Throws: ``ErrorCode/notFound`` naming the rules there are.
  func configuredRule(named name: String) throws(ProtocolError) -> ConfiguredAlertRule {
    let rules = self.configuration.value.alertRules
    guard let rule = rules.first(where: { $0.name == name }) else {
      let names =
        rules.isEmpty ? "there are none (alerts: in the configuration file)" : rules.map(\.name).joined(separator: ", ")
      throw ProtocolError(.notFound, "no alert rule \(name); rules: \(names)")
    }
    return rule
  }

  /// Sends one test event of `quake` through every channel of `rule`, once
  /// each, and records it in the history as event `test` (`alerts.send`).
  func send(_ quake: Quake, rule: ConfiguredAlertRule) async throws(ProtocolError) -> AlertSendResult {
    let outcomes = try await self.read { _ in try await self.dispatcher.sendTest(quake, rule: rule) }
    return AlertSendResult(
      rule: rule.name, quakeId: quake.id, key: outcomes.key,
      deliveries: outcomes.attempts.map { attempt in
        AlertSendResult.Delivery(
          channel: AlertChannel.shown(attempt.channel), delivered: attempt.delivered, detail: attempt.detail ?? "",
          milliseconds: attempt.milliseconds)
      })
  }

  /// The alert part of `quakes.status`; `nil` without rules.
  func status() async -> StatusResult.Alerts? {
    let rules = self.configuration.value.alertRules
    guard !rules.isEmpty else { return nil }
    let activity = (try? await self.outbox.alertActivity()) ?? [:]
    var total = AlertActivity()
    for rule in rules {
      guard let done = activity[rule.name] else { continue }
      total.fired += done.fired
      total.pending += done.pending
      total.delivered += done.delivered
      total.failed += done.failed
      total.heldBack += done.heldBack
      total.lastFired = max(total.lastFired ?? "", done.lastFired ?? "").nilIfEmpty
    }
    return StatusResult.Alerts(rules: rules.count, activity: total)
  }

  private func read<T: Sendable>(_ body: (any AlertOutbox) async throws -> T) async throws(ProtocolError) -> T {
    do {
      return try await body(self.outbox)
    } catch let error as ProtocolError {
      throw error
    } catch {
      throw ProtocolError(.unavailable, "cannot read the alert outbox: \(errorMessage(error))")
    }
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { self.isEmpty ? nil : self }
}
