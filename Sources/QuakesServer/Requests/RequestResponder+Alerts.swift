import Foundation
import QuakesData
import QuakesModel
import QuakesProtocol

extension RequestResponder {
  func alertQueries() throws(ProtocolError) -> any AlertAnswering {
    guard let alerts = self.parts.alerts else {
      throw ProtocolError(.unavailable, "this quakesd keeps no alert outbox")
    }
    return alerts
  }

  /// The cached quakes the rule matches now, newest first (`alerts.test`):
  /// what it would fire for if they were new. Nothing is sent.
  func alertTest(_ params: AlertParams) async throws(ProtocolError) -> ListResult {
    let rule = try self.alertQueries().rule(named: try params.requiredRule(for: .alertTest))
    let query = QuakesQuery(filter: rule.filter, limit: try params.checkedLimit(default: 20))
    _ = await self.catalogue.freshState()
    return ListResult(try await self.catalogue.page(query, countingMatches: false))
  }

  /// Sends one test event of a cached quake through the rule's channels (`alerts.send`).
  func alertSend(_ params: AlertParams) async throws(ProtocolError) -> AlertSendResult {
    let alerts = try self.alertQueries()
    let rule = try alerts.rule(named: try params.requiredRule(for: .alertSend))
    guard let id = params.id, !id.isEmpty else {
      throw ProtocolError(.invalidRequest, "\(QuakesProtocol.Method.alertSend.rawValue) needs \"id\": a cached quake")
    }
    guard let quake = try await self.catalogue.quake(id: id) else {
      throw ProtocolError(
        .notFound, "no quake with id \(id) in the cache; quakectl alerts test \(rule.name) lists some")
    }
    guard rule.hasChannels else {
      throw ProtocolError(.invalidRequest, "alert rule \(rule.name) has no channel to send to (exec: or webhook:)")
    }
    return try await alerts.send(quake, rule: rule.name)
  }
}
