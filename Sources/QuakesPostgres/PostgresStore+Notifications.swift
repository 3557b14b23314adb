import PostgresNIO

extension PostgresStore {
  /// The channel a leader's committed change is announced on (``FencedTransaction``).
  static let changesChannel = "quakesd_changes"

  /// The channel a resigned lease is announced on (``LeaderLease/resign(_:)``).
  static let leaseChannel = "quakesd_lease"

  /// Calls `wake` for each change a leader commits, as PostgreSQL announces
  /// it (`LISTEN`), until the calling task is cancelled; listens again a
  /// second after the connection fails. An announcement only wakes: one
  /// lost while the connection was down is caught by the reader's own
  /// periodic look.
  public func listenForChanges(_ wake: @escaping @Sendable () -> Void) async {
    await self.listen(on: Self.changesChannel, wake)
  }

  /// Calls `wake` when PostgreSQL starts listening on `channel` for this
  /// instance (whatever was announced before is looked at), and for each
  /// announcement on it, as ``listenForChanges(_:)`` does.
  func listen(on channel: String, _ wake: @escaping @Sendable () -> Void) async {
    while !Task.isCancelled {
      do {
        try await self.client.withConnection { connection in
          try await connection.listen(on: channel) { notifications in
            // Listening now: whatever was committed meanwhile is looked at.
            wake()
            for try await _ in notifications { wake() }
          }
        }
      } catch {
        if !Task.isCancelled {
          self.logger.debug("listening on \(channel) failed, listening again in a second: \(error)")
        }
      }
      try? await Task.sleep(for: .seconds(1))
    }
  }
}
