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

  /// The list selector on a snapshot, through the cache of encoded results.
  func list(_ params: ListParams, for request: Request) throws(ProtocolError) -> Data {
    let query = try params.query()
    let state = self.store.snapshot()
    do {
      let result = try self.listCache.result(for: params, over: state.selectAllQuakes()) {
        try Reply.encodeResult(ListResult(state.selectQuakesPage(query)))
      }
      return try Reply.line(id: request.id, encodedResult: result)
    } catch {
      throw self.encodingFailure(error, of: request)
    }
  }
}
