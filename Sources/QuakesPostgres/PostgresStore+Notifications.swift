import PostgresNIO

extension PostgresStore {
  /// The channel a leader's committed change is announced on (``FencedTransaction``).
  static let changesChannel = "quakesd_changes"

  /// Calls `wake` for each change a leader commits, as PostgreSQL announces
  /// it (`LISTEN`), until the calling task is cancelled; listens again a
  /// second after the connection fails. An announcement only wakes: one
  /// lost while the connection was down is caught by the reader's own
  /// periodic look.
  public func listenForChanges(_ wake: @escaping @Sendable () -> Void) async {
    while !Task.isCancelled {
      do {
        try await self.client.withConnection { connection in
          try await connection.listen(on: Self.changesChannel) { notifications in
            // Listening now: whatever was committed meanwhile is looked at.
            wake()
            for try await _ in notifications { wake() }
          }
        }
      } catch {
        if !Task.isCancelled {
          self.logger.debug("listening for the store's changes failed, listening again in a second: \(error)")
        }
      }
      try? await Task.sleep(for: .seconds(1))
    }
  }
}
