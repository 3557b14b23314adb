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

  func get(_ params: IdParams) throws(ProtocolError) -> QuakeResult {
    guard let quake = self.store.snapshot().selectQuake(quakeId: params.id) else {
      throw ProtocolError(.notFound, "no quake with id \(params.id) in the cache; quakectl list shows the cached ids")
    }
    return QuakeResult(quake: quake)
  }

  /// How many quakes match `params` (all of them when they ask for nothing).
  func count(_ params: FilterParams) throws(ProtocolError) -> CountResult {
    let filter = try params.filter()
    let state = self.store.snapshot()
    return CountResult(count: state.selectQuakesCount(matching: filter))
  }

  /// The list selector on a snapshot. A page of one line's quakes goes
  /// through the cache of encoded results; a longer one is streamed as it
  /// is encoded (in lines when the request asks for `more`), and not kept.
  func list(_ params: ListParams, for request: Request) throws(ProtocolError) -> Response {
    let query = try params.query()
    let state = self.store.snapshot()
    do {
      if let result = self.listCache.cachedResult(for: params, over: state.selectAllQuakes()) {
        return .line(try Reply.line(id: request.id, encodedResult: result))
      }
      let page = state.selectQuakesPage(query)
      guard page.quakes.count <= ListReplyPieces.quakesPerLine else {
        return .pieces(try ListReplyPieces(id: request.id, page: page, more: request.more))
      }
      let result = try Reply.encodeResult(ListResult(page))
      self.listCache.insert(result, for: params, over: state.selectAllQuakes())
      return .line(try Reply.line(id: request.id, encodedResult: result))
    } catch {
      throw self.encodingFailure(error, of: request)
    }
  }
}
