import Foundation
import ImmutableData
import QuakesData
import QuakesFDSN
import QuakesModel
import QuakesServer
import Testing

/// A cache the service cannot read: every resource that reads it answers
/// 503 with the specification's document and the database's reason, and
/// the daemon's other answers go on.
@Suite("FDSN event service: a cache that cannot be read is 503")
struct FDSNUnreadableCacheTests {
  struct Unreadable: QuakesCatalogue {
    struct Failure: Error, CustomStringConvertible {
      var description: String { "the disk is on fire" }
    }

    func quakesPage(_ query: QuakesQuery, countingMatches: Bool) async throws -> QuakesPage { throw Failure() }
    func quakesCursor(_ query: QuakesQuery, pageSize: Int) async throws -> any QuakesCursor { throw Failure() }
    func quakesCount(matching filter: QuakesQuery.Filter) async throws -> Int { throw Failure() }
    func quakesPage(_ query: QuakesQuery, keeping isKept: @escaping @Sendable (Quake.ID) -> Bool) async throws
      -> QuakesSparsePage
    { throw Failure() }
    func quake(id: Quake.ID) async throws -> Quake? { throw Failure() }
    func networks() async throws -> [String] { throw Failure() }
  }

  @Test(
    "query, count, an event by id, catalogs and contributors: 503 and the document; version is still served",
    arguments: [
      "query", "query?format=text&limit=10", "query?limit=1000", "count?minmag=4", "query?eventid=us1",
      "catalogs", "contributors",
    ])
  func unavailable(target: String) async throws {
    let store = await Task { @StoreActor in Store(initialState: QuakesState(), reducer: QuakesReducer.reduce) }.value
    let service = FDSNEventService(
      catalogue: CatalogueReader(store: store, database: Unreadable(), progress: ListenerProgress()))
    let response = await service.respond(to: "/fdsnws/event/1/" + target, host: "localhost")
    #expect(response.status == 503)
    guard case .text(let body) = response.body else {
      Issue.record("\(target): \(response.body)")
      return
    }
    #expect(
      body.hasPrefix("Error 503: Service Unavailable\n\nThe cache cannot be read now; try again later."), "\(body)")
    #expect(body.contains("the disk is on fire"), "the database's reason: \(body)")
    #expect(body.contains("\nRequest:\n/fdsnws/event/1/\(target)\n"))
    let version = await service.respond(to: "/fdsnws/event/1/version", host: "localhost")
    #expect(version.status == 200)
  }
}
