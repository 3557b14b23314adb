import ServiceLifecycle

/// A service that, as the service group starts its services (which it does
/// only once it traps the stop signals), sends again the stop signals that
/// came earlier (``StopSignals/resendEarly()``), so that the group stops the
/// daemon gracefully; then it waits for the group's shutdown, as a service
/// must (one that returns first would fail the group's graceful shutdown).
struct EarlyStopSignals: Service {
  func run() async {
    StopSignals.resendEarly()
    try? await gracefulShutdown()
  }
}
