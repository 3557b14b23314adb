/// The methods a client can call, and which socket may call them.
///
/// `control.sock` (mode 0660, group `quakes`) takes every method;
/// `query.sock` (mode 0666) only the read-only ones. File permissions are the
/// authorisation, so it holds under systemd's `PrivateUsers=`.
public enum Method: String, CaseIterable, Hashable, Sendable, Codable {
  /// Protocol version, daemon version, capabilities.
  case info = "daemon.info"
  /// Fetch status per feed, counts, database path and size.
  case status = "quakes.status"
  /// How many quakes the cache holds.
  case count = "quakes.count"
  /// One quake by id.
  case get = "quakes.get"
  /// The list selector: filter, sort, page.
  case list = "quakes.list"
  /// The status, then one line per change, until the client leaves.
  case watch = "quakes.watch"
  /// Fetch a feed now.
  case refresh = "quakes.refresh"
  /// Delete one quake from the cache.
  case delete = "quakes.delete"
  /// Delete every quake from the cache.
  case purge = "quakes.purge"
  /// The daemon's metrics in Prometheus' text format.
  case metrics = "daemon.metrics"
  /// Read the configuration again and apply what changed.
  case reload = "daemon.reload"
  /// A consistent copy of the database, streamed.
  case backup = "daemon.backup"
  /// The alert rules, and what each did.
  case alerts = "alerts.list"
  /// Alert deliveries with every attempt, newest first.
  case alertHistory = "alerts.history"
  /// The cached quakes an alert rule matches now; nothing is sent.
  case alertTest = "alerts.test"
  /// One test notification of a cached quake through an alert rule's channels.
  case alertSend = "alerts.send"
  /// Fetch a span of history from the FDSN event service (or resume it).
  case backfill = "backfill.start"
  /// The progress of the last backfill and the last reconciliation.
  case backfillStatus = "backfill.status"
  /// Stop the running backfill.
  case backfillCancel = "backfill.cancel"

  /// Whether the method only reads, so `query.sock` may call it.
  public var isReadOnly: Bool {
    switch self {
    case .info, .status, .count, .get, .list, .watch, .metrics, .alerts, .alertHistory, .alertTest, .backfillStatus:
      true
    case .refresh, .delete, .purge, .reload, .backup, .alertSend, .backfill, .backfillCancel: false
    }
  }
}
