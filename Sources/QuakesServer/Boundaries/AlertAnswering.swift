package import QuakesModel
package import QuakesProtocol

/// Answers the `alerts.*` methods and the alert part of `quakes.status`
/// from the daemon's rules and outbox.
package protocol AlertAnswering: Sendable {
  /// The rules, each with what it did (`alerts.list`).
  func rules() async throws(ProtocolError) -> AlertsResult
  /// The deliveries `params` ask for, newest first (`alerts.history`).
  func history(_ params: AlertParams) async throws(ProtocolError) -> AlertHistoryResult
  /// What the rule `name` matches and whether it sends anywhere.
  ///
  /// - Throws: ``ErrorCode/notFound`` naming the rules there are.
  func rule(named name: String) throws(ProtocolError) -> AlertRuleSummary
  /// Sends one test event of `quake` through every channel of the rule
  /// `name` (`alerts.send`).
  func send(_ quake: Quake, rule name: String) async throws(ProtocolError) -> AlertSendResult
  /// The alert part of `quakes.status`; `nil` when there is nothing to say.
  func status() async -> StatusResult.Alerts?
}
