package import Foundation
import QuakesData
import QuakesModel
import QuakesProtocol
package import QuakesServer

/// The FDSN event web service (fdsnws-event 1.2) over the cache: reads a
/// request's path and query, asks the database through the socket server's
/// ``CatalogueReader`` (the same answers as `quakes.list` and
/// `quakes.count`), and says what to answer. Read-only: nothing here can
/// change the cache. HTTP itself is ``FDSNHTTPServer``'s.
package struct FDSNEventService: Sendable {
  /// Where the service's resources are.
  package static let root = "/fdsnws/event/1/"

  let catalogue: CatalogueReader
  /// The most events one answer holds: a request without a `limit` that
  /// matches more is refused (400), as USGS does, and so is a larger `limit`.
  let limitCeiling: Int
  /// What tells this daemon's `ETag`s from an earlier run's: its start, in
  /// milliseconds, base 36 (the count of changes starts again at a start).
  let instance: String
  /// The long answers written at once, each from a cursor of its own
  /// (a thread and a connection to the database).
  let slots: AnswerSlots
  /// The texts of events answers wrote, for the answers after them.
  let texts: FDSNEventTexts
  /// The events of one page: an answer of more is written from a cursor.
  static let pageSize = 256

  package init(
    catalogue: CatalogueReader, limitCeiling: Int = 20_000, slots: AnswerSlots = AnswerSlots(count: 4),
    texts: FDSNEventTexts = FDSNEventTexts(budget: FDSNEventTexts.defaultBudget), startedAt: Date = Date()
  ) {
    self.catalogue = catalogue
    self.texts = texts
    self.slots = slots
    self.limitCeiling = limitCeiling
    self.instance = String(Timestamp.milliseconds(startedAt), radix: 36)
  }

  /// The answer to a `GET` (or `HEAD`, `headOnly`) of `target` (path and
  /// query, as sent), which came for `host` (the `Host` header; the WADL
  /// and the error documents name it), with `ifNoneMatch` (the
  /// `If-None-Match` header), if any: `query` and `count` answer 304 when
  /// it names the cache's `ETag`, that is, when the cache has not changed
  /// since. A `HEAD` of a long answer opens no cursor: its body would not
  /// be sent (``FDSNResponse/Body/omitted``).
  package func respond(
    to target: String, host: String, ifNoneMatch: String? = nil, headOnly: Bool = false, now: Date = Date()
  ) async -> FDSNResponse {
    let base = "http://\(host)\(Self.root)"
    let (path, query) = Self.split(target)
    do throws(FDSNRequestError) {
      guard path.hasPrefix(Self.root) || path == String(Self.root.dropLast()) else {
        throw FDSNRequestError("quakesd serves the FDSN event service under \(Self.root) only.", status: 404)
      }
      let resource = path.dropFirst(Self.root.count)
      let parameters = try FDSNQueryString.parameters(of: query)
      switch resource {
      case "query", "count":
        let request = try Self.request(parameters, self.limitCeiling)
        // The tag is read before the answer: an answer is never older than
        // its tag (it may be newer, which costs a client one more answer).
        let generation = await self.catalogue.freshState().selectCommittedChanges()
        let tag = "W/\"\(self.instance)-\(generation)\""
        if let ifNoneMatch, FDSNEntityTag.list(ifNoneMatch, matches: tag) {
          return FDSNResponse(status: 304, contentType: nil, body: .text(""), entityTag: tag)
        }
        var response =
          resource == "query"
          ? try await self.events(request, generation: generation, headOnly: headOnly, now: now)
          : try await self.count(request)
        response.entityTag = tag
        return response
      case "version": return .text(FDSNServiceDocuments.version + "\n")
      case "application.wadl":
        return .text(FDSNServiceDocuments.wadl(base: base), contentType: "application/xml")
      case "catalogs", "contributors":
        let networks = try await self.read { try await self.catalogue.networks() }
        let (root, item) = resource == "catalogs" ? ("Catalogs", "Catalog") : ("Contributors", "Contributor")
        return .text(FDSNServiceDocuments.list(root, item: item, of: networks), contentType: "application/xml")
      case "":
        return .text(
          "quakesd serves the FDSN event service 1.2 here: query, count, version, application.wadl, catalogs, contributors.\n"
        )
      default:
        throw FDSNRequestError("\(path) is not a resource of the FDSN event service.", status: 404)
      }
    } catch {
      return .text(
        FDSNErrorDocument.body(status: error.status, reason: error.reason, request: target, base: base, date: now),
        status: error.status)
    }
  }

  /// The events `request` asks for, or `nodata`'s answer when none match,
  /// from the cache at `generation` (its count of committed changes).
  ///
  /// An answer of one page (``pageSize`` events) is read and written at
  /// once, in one write, with the texts of the events it shares with
  /// answers before it (``FDSNEventTexts``); a longer one is written from
  /// a cursor over a snapshot of the cache, a page at a time as the client
  /// takes them (``FDSNEventDocument``), whose first page is read before
  /// the answer begins: a cache emptied since the first look (a purge, a
  /// delete) still answers `nodata`. Without a `limit`, more matches than
  /// the ceiling are refused before anything is written.
  private func events(_ request: FDSNEventRequest, generation: Int, headOnly: Bool, now: Date)
    async throws(FDSNRequestError) -> FDSNResponse
  {
    // While the listener writes, the check after the page would fail:
    // such an answer reads without the texts from the start.
    var texts =
      self.catalogue.isSettled(at: generation) ? self.texts.answer(in: request.format, generation: generation) : nil
    let entries: [QuakesSparsePage.Entry]
    if let id = request.eventID {
      entries = try await self.read { try await self.catalogue.quake(id: id) }.map { [.read($0)] } ?? []
    } else {
      var first = request.query
      first.limit = min(request.query.limit ?? .max, Self.pageSize)
      var page = try await self.read { [first, texts] in
        guard let texts else {
          return QuakesSparsePage(try await self.catalogue.page(first, countingMatches: false)) { _ in false }
        }
        return try await self.catalogue.page(first, keeping: texts.holds)
      }
      if texts != nil, !self.catalogue.isSettled(at: generation) {
        // A write committed before the count moved for it: the page may
        // hold its rows, the texts found are of the count before. Read
        // whole, and keep nothing.
        texts = nil
        page = QuakesSparsePage(try await self.read { try await self.catalogue.page(first, countingMatches: false) }) {
          _ in false
        }
      }
      var query = request.query
      if !request.hasLimit, page.hasMore || page.entries.count > self.limitCeiling {
        let matching = try await self.read { try await self.catalogue.count(matching: request.query.filter) }
        // The events past the offset are the answer's.
        guard matching - request.query.offset <= self.limitCeiling else {
          throw FDSNRequestError(
            "\(matching) matching events exceeds search limit of \(self.limitCeiling). Modify the search to match fewer events."
          )
        }
        // Quakes written since the count do not make the answer longer than the ceiling.
        query.limit = self.limitCeiling
      }
      let isWhole = !page.hasMore || first.limit == request.query.limit
      guard isWhole, page.entries.count <= query.limit ?? .max else {
        guard !headOnly else {
          return FDSNResponse(status: 200, contentType: request.format.contentType, body: .omitted, entityTag: nil)
        }
        let slot = await self.slots.take()
        let cursor = try await self.read { try await self.catalogue.cursor(query, pageSize: Self.pageSize) }
        guard let first = try await self.read({ try await cursor.next() }) else { return try Self.noData(request) }
        let document = FDSNEventDocument(format: request.format, first: first, cursor: cursor, now: now, slot: slot)
        return FDSNResponse(
          status: 200, contentType: request.format.contentType, body: .events(document), entityTag: nil)
      }
      entries = page.entries
    }
    if entries.isEmpty { return try Self.noData(request) }
    let bytes: [UInt8]
    do {
      bytes = try FDSNEventWriter(format: request.format, now: now).whole(entries, texts: texts)
    } catch {
      throw FDSNRequestError("The events cannot be written as \(request.format.rawValue): \(error)", status: 500)
    }
    return FDSNResponse(status: 200, contentType: request.format.contentType, body: .bytes(bytes), entityTag: nil)
  }

  /// The answer when no event matches `request`: 204, or 404 as `nodata` asks.
  private static func noData(_ request: FDSNEventRequest) throws(FDSNRequestError) -> FDSNResponse {
    guard request.noData != .notFound else { throw FDSNRequestError("No data matches the request.", status: 404) }
    return .noContent
  }

  /// How many events `request` matches: plain text, or USGS's JSON with `format=geojson`.
  private func count(_ request: FDSNEventRequest) async throws(FDSNRequestError) -> FDSNResponse {
    let count: Int
    if let id = request.eventID {
      count = try await self.read { try await self.catalogue.quake(id: id) } == nil ? 0 : 1
    } else {
      count = try await self.read { try await self.catalogue.count(matching: request.query.filter) }
    }
    guard request.format == .geojson else { return .text("\(count)\n") }
    return .text("{\"count\":\(count),\"maxAllowed\":\(self.limitCeiling)}\n", contentType: "application/json")
  }

  /// What `read` answers; a database that cannot be read is 503.
  private func read<T>(_ read: () async throws -> T) async throws(FDSNRequestError) -> T {
    do {
      return try await read()
    } catch {
      let message = (error as? ProtocolError)?.message ?? "\(error)"
      throw FDSNRequestError("The cache cannot be read now; try again later. (\(message))", status: 503)
    }
  }

  private static func request(_ parameters: [(name: String, value: String)], _ ceiling: Int)
    throws(FDSNRequestError) -> FDSNEventRequest
  {
    try FDSNEventRequest(parameters: parameters, limitCeiling: ceiling)
  }

  private static func split(_ target: String) -> (path: String, query: String) {
    guard let mark = target.firstIndex(of: "?") else { return (target, "") }
    return (String(target[..<mark]), String(target[target.index(after: mark)...]))
  }
}
