/// A backfill or a reconciliation as `backfill.status`, `backfill.start`,
/// `backfill.cancel` and `quakes.status` report it.
public struct HistoryJobResult: Hashable, Sendable, Codable {
  /// `backfill` or `reconcile`.
  public var kind: String
  /// `running`, `done`, `cancelled` or `failed`.
  public var phase: String
  /// Why it failed.
  public var error: String?
  /// The span's start, ISO 8601, inclusive.
  public var since: String
  /// The span's end, ISO 8601, exclusive.
  public var until: String
  /// The FDSN parameters of its filters, `name=value` joined by `&`
  /// (empty for none): what the service is asked beyond the span.
  public var filters: String
  /// Origin times before this are written, ISO 8601.
  public var cursor: String
  /// When it started, ISO 8601.
  public var started: String
  /// When it last changed, ISO 8601.
  public var updated: String
  /// When it ended, ISO 8601.
  public var finished: String?
  /// Windows fetched and written.
  public var windowsDone: Int
  /// Windows planned and not yet fetched (more may come as windows are halved).
  public var windowsPending: Int
  /// Events the fetched windows held.
  public var eventsFetched: Int
  /// Quakes inserted or changed in the cache.
  public var eventsWritten: Int
  /// Quakes removed from the cache (a reconciliation's deletions).
  public var eventsRemoved: Int
  /// All the events of the span, once counted.
  public var eventsExpected: Int?
  /// The seconds left at the pace so far, while it runs and once it is known.
  public var etaSeconds: Int?
  /// While it runs and the service asked it to wait (a `Retry-After`, a
  /// backoff after a failure): until when no request goes out.
  public var waitingUntil: String?
  /// Why it waits, for people: what the service answered.
  public var waitingReason: String?

  /// Creates a result.
  public init(
    kind: String, phase: String, error: String? = nil, since: String, until: String, filters: String,
    cursor: String, started: String, updated: String, finished: String? = nil, windowsDone: Int,
    windowsPending: Int, eventsFetched: Int, eventsWritten: Int, eventsRemoved: Int, eventsExpected: Int? = nil,
    etaSeconds: Int? = nil, waitingUntil: String? = nil, waitingReason: String? = nil
  ) {
    self.kind = kind
    self.phase = phase
    self.error = error
    self.since = since
    self.until = until
    self.filters = filters
    self.cursor = cursor
    self.started = started
    self.updated = updated
    self.finished = finished
    self.windowsDone = windowsDone
    self.windowsPending = windowsPending
    self.eventsFetched = eventsFetched
    self.eventsWritten = eventsWritten
    self.eventsRemoved = eventsRemoved
    self.eventsExpected = eventsExpected
    self.etaSeconds = etaSeconds
    self.waitingUntil = waitingUntil
    self.waitingReason = waitingReason
  }
}
