package import QuakesData

/// The metrics of a state, in Prometheus' text format (`daemon.metrics`).
package protocol MetricsText: Sendable {
  func text(of state: QuakesState) -> String
}
