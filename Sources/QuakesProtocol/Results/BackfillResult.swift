/// The answer of `backfill.start`, `backfill.status` and `backfill.cancel`:
/// the last backfill and the last reconciliation, each absent when none ran.
public struct BackfillResult: Hashable, Sendable, Codable {
  /// The last backfill.
  public var backfill: HistoryJobResult?
  /// The last reconciliation.
  public var reconcile: HistoryJobResult?
  /// `backfill.start` only: `false` when the same backfill was already
  /// running and the request joined it.
  public var started: Bool?

  /// Creates a result.
  public init(backfill: HistoryJobResult? = nil, reconcile: HistoryJobResult? = nil, started: Bool? = nil) {
    self.backfill = backfill
    self.reconcile = reconcile
    self.started = started
  }
}
