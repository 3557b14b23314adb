import QuakesModel
import QuakesProtocol
import QuakesServer

/// What the socket server asks of the alert rules and the outbox.
extension AlertQueries: AlertAnswering {
  func rule(named name: String) throws(ProtocolError) -> AlertRuleSummary {
    let rule = try self.configuredRule(named: name)
    return AlertRuleSummary(name: rule.name, filter: rule.rule.filter, hasChannels: !rule.channels.isEmpty)
  }

  func send(_ quake: Quake, rule name: String) async throws(ProtocolError) -> AlertSendResult {
    try await self.send(quake, rule: try self.configuredRule(named: name))
  }
}
