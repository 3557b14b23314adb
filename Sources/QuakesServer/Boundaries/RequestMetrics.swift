package import QuakesProtocol

/// Where the server counts what it did, and where `daemon.metrics` reads
/// the daemon's metrics from.
package protocol RequestMetrics: Sendable {
  /// One request answered: its method (`nil` when the line was not a
  /// request), the error it got, if any, and the time to its response.
  func answered(_ method: QuakesProtocol.Method?, error: ErrorCode?, duration: Duration)
  /// A watcher dropped for falling too far behind.
  func watcherDropped()
}
