import Foundation
import ImmutableData
import QuakesData
import QuakesModel
import QuakesProtocol

extension RequestResponder {
  /// Starts a backfill (or resumes the cancelled or failed one with the same
  /// query); joins the running one when it has the same query.
  @StoreActor
  func backfill(_ params: BackfillParams) throws(ProtocolError) -> BackfillResult {
    let now = Date()
    let query = try params.query(now: now)
    let state = self.store.snapshot()
    guard state.selectIsLoaded() else {
      throw ProtocolError(.unavailable, "the cache is still loading; try again in a moment")
    }
    if let running = state.history[.backfill], running.isRunning {
      guard running.query.isSameBackfill(as: query) else {
        throw ProtocolError(
          .unavailable,
          "a backfill from \(Timestamp.iso8601(Timestamp.date(milliseconds: running.query.since))) is running; "
            + "wait for it (quakectl backfill --status) or stop it (quakectl backfill --cancel)")
      }
      return self.reporter.history(of: state, now: now, started: false) ?? BackfillResult(started: false)
    }
    do {
      try self.store.dispatch(action: .client(.backfill(query: query, date: now)))
    } catch {
      throw ProtocolError(.internal, "starting the backfill failed: \(error)")
    }
    return self.reporter.history(of: self.store.snapshot(), now: now, started: true) ?? BackfillResult(started: true)
  }

  /// The last backfill and reconciliation.
  func backfillStatus() -> BackfillResult {
    self.reporter.history(of: self.store.snapshot(), now: Date()) ?? BackfillResult()
  }

  /// Stops the running backfill; what it wrote stays, and running the same
  /// backfill again resumes it.
  @StoreActor
  func cancelBackfill() throws(ProtocolError) -> BackfillResult {
    let now = Date()
    guard self.store.snapshot().history[.backfill]?.isRunning == true else {
      throw ProtocolError(.notFound, "no backfill is running; quakectl backfill --status shows the last one")
    }
    do {
      try self.store.dispatch(action: .client(.cancelBackfill(date: now)))
    } catch {
      throw ProtocolError(.internal, "cancelling the backfill failed: \(error)")
    }
    return self.reporter.history(of: self.store.snapshot(), now: now) ?? BackfillResult()
  }
}
