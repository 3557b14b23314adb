import CoreMetrics

extension DaemonMetrics {
  /// Every `outcome` label of `quakesd_alert_attempts_total`: the receiver
  /// took it, it will be tried again, or the delivery was given up.
  static let alertOutcomes = ["delivered", "retry", "failed"]

  /// The series of the alert metrics at zero, so that a rate or an alert
  /// on them has one before the first firing.
  func startAlertSeries() {
    for outcome in Self.alertOutcomes {
      Counter(label: Name.alertAttempts, dimensions: [("outcome", outcome)], factory: self.factory).increment(by: 0)
    }
    Counter(label: Name.alertRepeats, factory: self.factory).increment(by: 0)
  }

  /// An attempt at an alert delivery ended with `outcome` (one of ``alertOutcomes``).
  func alertAttempted(outcome: String) {
    Counter(label: Name.alertAttempts, dimensions: [("outcome", outcome)], factory: self.factory).increment()
  }

  /// An attempt began again after one its quakesd was killed during: the
  /// receiver may get the delivery twice, under the same idempotency key.
  func alertRepeated() {
    Counter(label: Name.alertRepeats, factory: self.factory).increment()
  }
}
