/// A method of the protocol bound to the type of its params and of its
/// result: the declaration the client's `call` and the daemon's handlers
/// both take, so that a client sending other params, or a handler
/// answering another result, does not compile.
///
/// ```swift
/// let count = try client.call(.count, params: filter)  // a CountResult
/// ```
///
/// Whether a method may be called on `query.sock` is ``Method/isReadOnly``;
/// whether its reply comes in more than one line, ``streams``.
public struct Call<Params: Codable & Sendable, Result: Codable & Sendable>: Sendable {
  /// The method's name on the wire.
  public let method: Method
  /// Whether the reply is always a stream of lines, each a `Result`
  /// (`quakes.watch`, `daemon.backup`); `quakes.list` streams only when
  /// asked (`more`), and answers a plain call in one line.
  public let streams: Bool

  private init(_ method: Method, streams: Bool = false) {
    self.method = method
    self.streams = streams
  }
}

/// The params of a method that takes none.
public struct NoParams: Hashable, Sendable, Codable {
  /// No params.
  public init() {}
}

// One declaration per method, in `Method`'s order.

extension Call where Params == NoParams, Result == InfoResult {
  /// `daemon.info`.
  public static var info: Self { Self(.info) }
}

extension Call where Params == NoParams, Result == StatusResult {
  /// `quakes.status`.
  public static var status: Self { Self(.status) }
}

extension Call where Params == FilterParams, Result == CountResult {
  /// `quakes.count`.
  public static var count: Self { Self(.count) }
}

extension Call where Params == IdParams, Result == QuakeResult {
  /// `quakes.get`.
  public static var get: Self { Self(.get) }
}

extension Call where Params == ListParams, Result == ListResult {
  /// `quakes.list`: one line, or lines of at most 500 quakes with `more`.
  public static var list: Self { Self(.list) }
}

extension Call where Params == FilterParams, Result == WatchEvent {
  /// `quakes.watch`: an event a line until the daemon stops.
  public static var watch: Self { Self(.watch, streams: true) }
}

extension Call where Params == RefreshParams, Result == RefreshResult {
  /// `quakes.refresh`.
  public static var refresh: Self { Self(.refresh) }
}

extension Call where Params == IdParams, Result == DeleteResult {
  /// `quakes.delete`.
  public static var delete: Self { Self(.delete) }
}

extension Call where Params == NoParams, Result == DeleteResult {
  /// `quakes.purge`.
  public static var purge: Self { Self(.purge) }
}

extension Call where Params == NoParams, Result == MetricsResult {
  /// `daemon.metrics`.
  public static var metrics: Self { Self(.metrics) }
}

extension Call where Params == NoParams, Result == ReloadResult {
  /// `daemon.reload`.
  public static var reload: Self { Self(.reload) }
}

extension Call where Params == NoParams, Result == BackupPart {
  /// `daemon.backup`: the database's pages, a part a line.
  public static var backup: Self { Self(.backup, streams: true) }
}

extension Call where Params == NoParams, Result == AlertsResult {
  /// `alerts.list`.
  public static var alerts: Self { Self(.alerts) }
}

extension Call where Params == AlertParams, Result == AlertHistoryResult {
  /// `alerts.history`.
  public static var alertHistory: Self { Self(.alertHistory) }
}

extension Call where Params == AlertParams, Result == ListResult {
  /// `alerts.test`: the quakes the rule would fire for.
  public static var alertTest: Self { Self(.alertTest) }
}

extension Call where Params == AlertParams, Result == AlertSendResult {
  /// `alerts.send`.
  public static var alertSend: Self { Self(.alertSend) }
}

extension Call where Params == BackfillParams, Result == BackfillResult {
  /// `backfill.start`.
  public static var backfill: Self { Self(.backfill) }
}

extension Call where Params == NoParams, Result == BackfillResult {
  /// `backfill.status`.
  public static var backfillStatus: Self { Self(.backfillStatus) }
  /// `backfill.cancel`.
  public static var backfillCancel: Self { Self(.backfillCancel) }
}
