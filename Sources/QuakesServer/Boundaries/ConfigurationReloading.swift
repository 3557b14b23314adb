package import QuakesProtocol

/// Reads the daemon's configuration again and applies what changed
/// (`daemon.reload`): what the server asks of the daemon's reloader.
package protocol ConfigurationReloading: Sendable {
  /// Reloads for `requester` (logged), and says what was applied.
  ///
  /// - Throws: ``ProtocolError`` that says why the configuration was refused;
  ///   the daemon runs on with the one it had.
  func reloadConfiguration(requestedBy requester: String) async throws(ProtocolError) -> ReloadResult
}
