package import QuakesModel

/// What the server needs to know of one alert rule.
package struct AlertRuleSummary: Sendable {
  /// The rule's name.
  package var name: String
  /// The quakes it fires for.
  package var filter: QuakesQuery.Filter
  /// Whether it has a channel (exec: or webhook:) to send to.
  package var hasChannels: Bool

  package init(name: String, filter: QuakesQuery.Filter, hasChannels: Bool) {
    self.name = name
    self.filter = filter
    self.hasChannels = hasChannels
  }
}
