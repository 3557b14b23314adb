package import Foundation
package import ImmutableData
package import Logging
package import QuakesData
package import QuakesModel
package import QuakesProtocol

/// Answers one request line: questions about quakes are read from the
/// database (``CatalogueReader``), status and metrics from an O(1) snapshot
/// of the state, off the store's actor; actions go through the store, as
/// the scheduler's do. `quakes.watch` is handed back to the connection, which
/// streams it.
package struct RequestResponder: Sendable {
  /// What to send back for one line.
  package enum Response: Sendable {
    /// One reply line, with its newline.
    case line(Data)
    /// A long list, written a piece at a time as it is encoded.
    case pieces(ListReplyPieces)
    /// A list with no limit, read from the database a page at a time as it is written.
    case stream(ListReplyStream)
    /// A `quakes.watch` request: the connection streams it.
    case watch(Request, filter: QuakesQuery.Filter?)
    /// Reply lines made as the client takes them (`daemon.backup`).
    case lines(AsyncThrowingStream<Data, any Error>)
  }

  /// What the requests are answered with besides the store: the parts of
  /// the daemon the server asks, each through a small protocol, so that the
  /// server depends on none of the daemon's types.
  package struct Parts: Sendable {
    /// Answers the questions about quakes from the database.
    package var catalogue: CatalogueReader
    package var reporter: StatusReporter
    package var listCache: ListCache
    /// Where `quakes.watch` streams get their events.
    package var watchHub: WatchHub
    /// Polls a feed for `quakes.refresh` with `wait`.
    package var refresher: any FeedRefreshing
    /// Applies `daemon.reload`; `nil` when the daemon cannot read its configuration again.
    package var reloader: (any ConfigurationReloading)?
    /// Makes the copies `daemon.backup` sends.
    package var backup: any BackupStreaming
    /// Where requests count.
    package var metrics: (any RequestMetrics)?
    /// What `daemon.metrics` answers; `nil` when the daemon keeps no metrics.
    package var metricsText: (any MetricsText)?
    /// Answers `alerts.*`; `nil` when the daemon serves no outbox.
    package var alerts: (any AlertAnswering)?
    /// Lists with no limit streamed at once, each from a cursor of its own
    /// (a thread, a connection, a snapshot); the FDSN service has its own.
    package var listSlots: AnswerSlots

    package init(
      catalogue: CatalogueReader, reporter: StatusReporter, listCache: ListCache, watchHub: WatchHub,
      refresher: any FeedRefreshing, backup: any BackupStreaming, reloader: (any ConfigurationReloading)? = nil,
      metrics: (any RequestMetrics)? = nil,
      metricsText: (any MetricsText)? = nil, alerts: (any AlertAnswering)? = nil,
      listSlots: AnswerSlots = AnswerSlots(count: 4)
    ) {
      self.catalogue = catalogue
      self.reporter = reporter
      self.listCache = listCache
      self.watchHub = watchHub
      self.refresher = refresher
      self.reloader = reloader
      self.backup = backup
      self.metrics = metrics
      self.metricsText = metricsText
      self.alerts = alerts
      self.listSlots = listSlots
    }
  }

  let store: Store<QuakesState, QuakesAction>
  let parts: Parts
  let logger: Logger
  /// `quakes.delete` requests, one at a time (``OneAtATime``).
  let deletes = OneAtATime()
  package init(store: Store<QuakesState, QuakesAction>, parts: Parts, logger: Logger) {
    self.store = store
    self.parts = parts
    self.logger = logger
  }

  var catalogue: CatalogueReader { self.parts.catalogue }
  var reporter: StatusReporter { self.parts.reporter }
  var listCache: ListCache { self.parts.listCache }
  var watchHub: WatchHub { self.parts.watchHub }
  var metrics: (any RequestMetrics)? { self.parts.metrics }

  /// The response to `line`, received on a `role` socket. Never throws: every
  /// failure becomes an error reply. Each request counts in the metrics, by
  /// method and outcome, with the time to its response.
  package func respond(to line: [UInt8], on role: SocketRole) async -> Response {
    let start = ContinuousClock.now
    let request: Request
    do {
      request = try Request(line: Data(line))
    } catch {
      self.metrics?.answered(nil, error: error.error.code, duration: .now - start)
      return .line(Reply.line(id: error.id, error: error.error))
    }
    do throws(ProtocolError) {
      let response = try await self.response(to: request, on: role)
      self.metrics?.answered(request.method, error: nil, duration: .now - start)
      return response
    } catch {
      self.metrics?.answered(request.method, error: error.code, duration: .now - start)
      return .line(Reply.line(id: request.id, error: error))
    }
  }

  private func response(to request: Request, on role: SocketRole) async throws(ProtocolError) -> Response {
    guard role.permits(request.method) else {
      throw ProtocolError(
        .permissionDenied,
        "\(request.method.rawValue) is only accepted on \(SocketRole.control.fileName), the socket of the methods that change or send something; "
          + "connect there (as a member of the group quakes, or root)")
    }
    guard request.method == .watch else { return try await self.reply(to: request, on: role) }
    guard request.more else {
      throw ProtocolError(
        .invalidRequest, "\(QuakesProtocol.Method.watch.rawValue) streams its reply: send it with \"more\":true")
    }
    let filter = try request.params(FilterParams.self).filter()
    return .watch(request, filter: filter.matchesEverything ? nil : filter)
  }

  private func reply(to request: Request, on role: SocketRole) async throws(ProtocolError) -> Response {
    if request.method == .list { return try await self.list(request.params(ListParams.self), for: request) }
    if request.method == .backup {
      guard request.more else {
        throw ProtocolError(
          .invalidRequest, "\(QuakesProtocol.Method.backup.rawValue) streams its reply: send it with \"more\":true")
      }
      return .lines(try await self.parts.backup.replyLines(id: request.id))
    }
    return .line(try await self.line(replyingTo: request, on: role))
  }

  /// The one-line reply to `request`: each method's handler, through its
  /// ``Call``, so that it takes the params and answers the result the
  /// client expects (a handler of another type does not compile).
  private func line(replyingTo request: Request, on role: SocketRole) async throws(ProtocolError) -> Data {
    switch request.method {
    case .refresh, .delete, .purge, .backfill, .backfillCancel:
      try self.requireWriter(request.method)
    default:
      break
    }
    return switch request.method {
    case .info: try await self.answer(.info, request) { _ in self.info(on: role) }
    case .status: try await self.answer(.status, request) { _ in await self.status() }
    case .count: try await self.answer(.count, request) { params throws(ProtocolError) in try await self.count(params) }
    case .get: try await self.answer(.get, request) { params throws(ProtocolError) in try await self.get(params) }
    case .list: throw ProtocolError(.internal, "\(QuakesProtocol.Method.list.rawValue) is answered by list(_:for:)")
    case .refresh:
      try await self.answer(.refresh, request) { params throws(ProtocolError) in try await self.refresh(params) }
    case .delete:
      try await self.answer(.delete, request) { params throws(ProtocolError) in try await self.delete(params) }
    case .purge: try await self.answer(.purge, request) { _ throws(ProtocolError) in try await self.purge() }
    case .reload: try await self.answer(.reload, request) { _ throws(ProtocolError) in try await self.reload() }
    case .metrics: try await self.answer(.metrics, request) { _ throws(ProtocolError) in try self.metricsText() }
    case .watch: throw ProtocolError(.internal, "\(QuakesProtocol.Method.watch.rawValue) is streamed by the connection")
    case .backup:
      throw ProtocolError(.internal, "\(QuakesProtocol.Method.backup.rawValue) is answered by reply(to:on:)")
    case .alerts:
      try await self.answer(.alerts, request) { _ throws(ProtocolError) in try await self.alertQueries().rules() }
    case .alertHistory:
      try await self.answer(.alertHistory, request) { params throws(ProtocolError) in
        try await self.alertQueries().history(params)
      }
    case .alertTest:
      try await self.answer(.alertTest, request) { params throws(ProtocolError) in try await self.alertTest(params) }
    case .alertSend:
      try await self.answer(.alertSend, request) { params throws(ProtocolError) in try await self.alertSend(params) }
    case .backfill:
      try await self.answer(.backfill, request) { params throws(ProtocolError) in try await self.backfill(params) }
    case .backfillStatus: try await self.answer(.backfillStatus, request) { _ in self.backfillStatus() }
    case .backfillCancel:
      try await self.answer(.backfillCancel, request) { _ throws(ProtocolError) in try await self.cancelBackfill() }
    }
  }

  /// Refuses `method`, which writes the cache, on a quakesd that does not
  /// write it: a follower of a shared store (docs/ha.md), whose writes the
  /// store would refuse after the work (a fetch from USGS) was done.
  private func requireWriter(_ method: QuakesProtocol.Method) throws(ProtocolError) {
    guard self.store.snapshot().writes else {
      throw ProtocolError(
        .unavailable,
        "this quakesd follows a shared store and does not write it: send \(method.rawValue) to the leader "
          + "(quakectl status shows each instance's role)")
    }
  }

  /// Decodes `request`'s params as `call` declares them, runs `handler`
  /// and encodes its result as the reply line.
  private func answer<Params, Result>(
    _ call: Call<Params, Result>, _ request: Request,
    _ handler: (Params) async throws(ProtocolError) -> Result
  ) async throws(ProtocolError) -> Data {
    guard call.method == request.method else {
      throw ProtocolError(.internal, "\(request.method.rawValue) was routed to \(call.method.rawValue)")
    }
    return try self.encode(await handler(request.params(Params.self)), for: request)
  }

  private func status() async -> StatusResult {
    var status = self.reporter.status(of: self.store.snapshot())
    status.alerts = await self.parts.alerts?.status()
    return status
  }

  private func metricsText() throws(ProtocolError) -> MetricsResult {
    guard let source = self.parts.metricsText else {
      throw ProtocolError(.unavailable, "this quakesd keeps no metrics")
    }
    return MetricsResult(text: source.text(of: self.store.snapshot()))
  }

  func encode(_ result: some Encodable, for request: Request) throws(ProtocolError) -> Data {
    do {
      return try Reply.line(id: request.id, result: result)
    } catch {
      throw self.encodingFailure(error, of: request)
    }
  }

  func encodingFailure(_ error: any Error, of request: Request) -> ProtocolError {
    self.logger.error("cannot encode the reply to \(request.method.rawValue): \(error)")
    return ProtocolError(.internal, "the daemon could not encode its reply (\(error)); please report this as a bug")
  }
}
