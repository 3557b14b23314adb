import QuakesProtocol
import QuakesServer

/// `daemon.reload`: a refused configuration becomes the client's error.
extension ConfigurationReloader: ConfigurationReloading {
  func reloadConfiguration(requestedBy requester: String) async throws(ProtocolError) -> ReloadResult {
    do {
      return try await self.reload(requestedBy: requester)
    } catch {
      throw ProtocolError(.invalidConfiguration, "\(error.message); quakesd runs on with the configuration it had")
    }
  }
}
