import ServiceLifecycle
import Testing

@testable import QuakesDaemon

/// A ``DaemonService`` runs its part until the group's graceful shutdown
/// reaches it; a part that ends early returns only when its turn comes, so
/// the group's order holds.
@Suite("Daemon parts as services")
struct DaemonServiceTests {
  private actor Events {
    var list: [String] = []
    func add(_ event: String) { self.list.append(event) }
  }

  /// `service`, noting in `events` when its `run` returned.
  private struct Noting: Service {
    let name: String
    let service: DaemonService
    let events: Events
    func run() async throws {
      try await self.service.run()
      await self.events.add("\(self.name) returned")
    }
  }

  @Test("a part that ended early returns after the parts started after it stopped, and the group ends cleanly")
  func anEarlyPartWaitsForItsTurn() async throws {
    let events = Events()
    let early = Noting(
      name: "early", service: DaemonService("early") { await events.add("early ended") }, events: events)
    let long = Noting(
      name: "long",
      service: DaemonService("long") {
        // Runs until cancelled, as the scheduler or a socket server does.
        while !Task.isCancelled { await Task.yield() }
      }, events: events)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [early, long].map { .init(service: $0, successTerminationBehavior: .ignore) },
        logger: .init(label: "test")))
    let running = Task { try await group.run() }
    while await events.list.isEmpty { await Task.yield() }
    await group.triggerGracefulShutdown()
    try await running.value
    #expect(await events.list == ["early ended", "long returned", "early returned"])
  }
}
