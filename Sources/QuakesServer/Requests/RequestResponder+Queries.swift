import Foundation
import QuakesData
import QuakesModel
import QuakesProtocol

extension RequestResponder {
  func info(on role: SocketRole) -> InfoResult {
    InfoResult(
      protocol: WireProtocol.version,
      version: QuakesdProduct.version,
      socket: role,
      methods: role.methods.map(\.rawValue))
  }

  func get(_ params: IdParams) async throws(ProtocolError) -> QuakeResult {
    guard let quake = try await self.catalogue.quake(id: params.id) else {
      throw ProtocolError(.notFound, "no quake with id \(params.id) in the cache; quakectl list shows the cached ids")
    }
    return QuakeResult(quake: quake)
  }

  /// How many quakes match `params` (all of them when they ask for nothing).
  func count(_ params: FilterParams) async throws(ProtocolError) -> CountResult {
    CountResult(count: try await self.catalogue.count(matching: try params.filter()))
  }

  /// The page the database answers for `params`, as fresh as the state
  /// now. A page of one line's quakes goes through the cache of encoded
  /// results; a longer one is streamed as it is encoded (in lines when the
  /// request asks for `more`), and not kept.
  ///
  /// A result is kept for the state's revision only if no transition
  /// changed the quakes while the database was read: then the database
  /// held exactly that revision's writes.
  ///
  /// The matches are counted when the params ask (`"matched":true`), and
  /// always for a request of protocol version 1, which promised the count.
  func list(_ params: ListParams, for request: Request) async throws(ProtocolError) -> Response {
    var params = params
    params.matched = params.matched ?? (request.version < 2)
    let query = try params.query()
    let state = await self.catalogue.freshState()
    let revision = state.selectCatalogueRevision()
    if let result = self.listCache.cachedResult(for: params, at: revision) {
      return try self.line(request, encodedResult: result)
    }
    let page: QuakesPage
    if query.limit == nil, params.matched != true {
      // Every match: one line's worth and one more tell a short answer,
      // which goes on as a page, from a long one, streamed from a cursor.
      var probe = query
      probe.limit = ListReplyPieces.quakesPerLine
      page = try await self.catalogue.page(probe, countingMatches: false)
      if page.hasMore { return try await self.stream(query, for: request) }
    } else {
      page = try await self.catalogue.page(query, countingMatches: params.matched == true)
    }
    do {
      guard page.quakes.count <= ListReplyPieces.quakesPerLine else {
        return .pieces(try ListReplyPieces(id: request.id, page: page, more: request.more))
      }
      let result = try Reply.encodeResult(ListResult(page))
      if self.store.snapshot().selectCatalogueRevision() == revision {
        self.listCache.insert(result, for: params, at: revision)
      }
      return .line(try Reply.line(id: request.id, encodedResult: result))
    } catch {
      throw self.encodingFailure(error, of: request)
    }
  }

  /// Every match of `query`, which has no limit, streamed from a cursor.
  private func stream(_ query: QuakesQuery, for request: Request) async throws(ProtocolError) -> Response {
    let slot = await self.parts.listSlots.take()
    let cursor = try await self.catalogue.cursor(query, pageSize: ListReplyPieces.quakesPerLine)
    do {
      let encoder = try ListReplyEncoder(
        id: request.id, hasMore: false, matched: nil, origin: query.filter.near?.centre, more: request.more)
      return .stream(
        ListReplyStream(
          encoder: encoder, cursor: cursor, reader: self.catalogue, id: request.id, more: request.more, slot: slot))
    } catch {
      throw self.encodingFailure(error, of: request)
    }
  }

  private func line(_ request: Request, encodedResult result: Data) throws(ProtocolError) -> Response {
    do {
      return .line(try Reply.line(id: request.id, encodedResult: result))
    } catch {
      throw self.encodingFailure(error, of: request)
    }
  }
}
