/// Runs one operation at a time, in the order they came: each waits for
/// the one before it to end, awaits included.
///
/// `quakes.delete` reads the quake from the database, then dispatches its
/// removal, which the session writes after. Two deletes of one quake that
/// both read before either dispatched would both find it, and the state
/// would count it out twice. One at a time, the second reads after the
/// first's dispatch, so after its write (``CatalogueReader`` reads a
/// snapshot no older than the last transition), and finds nothing.
actor OneAtATime {
  private var isBusy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Runs `operation` once every operation that came before it has ended.
  func run<T: Sendable, Failure: Error>(
    _ operation: @Sendable () async throws(Failure) -> T
  ) async throws(Failure) -> T {
    if self.isBusy {
      await withCheckedContinuation { self.waiting.append($0) }
    } else {
      self.isBusy = true
    }
    defer {
      if self.waiting.isEmpty {
        self.isBusy = false
      } else {
        // Handed on while still busy: no newcomer runs in between.
        self.waiting.removeFirst().resume()
      }
    }
    return try await operation()
  }
}
