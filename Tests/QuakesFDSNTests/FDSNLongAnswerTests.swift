import Foundation
import ImmutableData
import QuakesData
import QuakesFDSN
import QuakesModel
import QuakesSQLite
import QuakesServer
import QuakesTestSupport
import Synchronization
import Testing

/// The long answers of the FDSN service (more events than one page), over
/// a real SQLite file: each is read from a cursor of its own, which a
/// `HEAD` never opens, and whose first page is read before the status is
/// chosen.
@Suite("FDSN event service: long answers from a cursor")
struct FDSNLongAnswerTests {
  /// The real catalogue, with `beforeCursor` run as a cursor is opened:
  /// what happens to the cache between the service's first look and its
  /// cursor (a purge, a delete).
  struct Interposed: QuakesCatalogue {
    let database: SQLiteLocalStore
    let beforeCursor: @Sendable () async throws -> Void

    func quakesPage(_ query: QuakesQuery, countingMatches: Bool) async throws -> QuakesPage {
      try await self.database.quakesPage(query, countingMatches: countingMatches)
    }

    func quakesCursor(_ query: QuakesQuery, pageSize: Int) async throws -> any QuakesCursor {
      try await self.beforeCursor()
      return try await self.database.quakesCursor(query, pageSize: pageSize)
    }

    func quakesCount(matching filter: QuakesQuery.Filter) async throws -> Int {
      try await self.database.quakesCount(matching: filter)
    }

    func quake(id: Quake.ID) async throws -> Quake? { try await self.database.quake(id: id) }

    func networks() async throws -> [String] { try await self.database.networks() }
  }

  /// How many cursors a test's service opened.
  final class Opened: Sendable {
    let count = Mutex(0)
  }

  /// The ids of the `count` quakes a test's cache holds, newest first.
  static func ids(_ count: Int) -> [String] { (0..<count).reversed().map { "q\($0)" } }

  /// Runs `body` with a service over a file of `count` quakes, its long
  /// answers' slots, and how many cursors it opened; `beforeCursor` runs
  /// on the file as each is opened.
  static func withService(
    quakes count: Int, beforeCursor: @escaping @Sendable (SQLiteLocalStore) async throws -> Void = { _ in },
    _ body: (FDSNEventService, AnswerSlots, Opened) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try SQLiteLocalStore(path: directory.file())
    let quakes = (0..<count).map { index in
      Quake(
        id: "q\(index)", magnitude: 4, magnitudeType: "mb",
        time: Timestamp.date(milliseconds: 1_700_000_000_000 + Int64(index) * 1_000),
        updated: Timestamp.date(milliseconds: 1_700_000_000_000 + Int64(index) * 1_000), place: "somewhere",
        longitude: 10, latitude: 20, depth: 30, url: nil, status: .reviewed, eventType: "earthquake")
    }
    try await database.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    let opened = Opened()
    let catalogue = Interposed(database: database) {
      opened.count.withLock { $0 += 1 }
      try await beforeCursor(database)
    }
    let slots = AnswerSlots(count: 4)
    let service = FDSNEventService(
      catalogue: CatalogueReader(
        store: await Task { @StoreActor in Store(initialState: QuakesState(), reducer: QuakesReducer.reduce) }.value,
        database: catalogue,
        progress: ListenerProgress()),
      slots: slots)
    do {
      try await body(service, slots, opened)
    } catch {
      try? database.close()
      throw error
    }
    try database.close()
  }

  /// The text answer's event ids, in order, read a piece at a time.
  static func eventIDs(of response: FDSNResponse) async throws -> [String] {
    guard case .events(let document) = response.body else {
      Issue.record("not an answer from a cursor: \(response.body)")
      return []
    }
    var text: [UInt8] = []
    while let piece = try await document.nextPiece() { text += piece }
    return String(decoding: text, as: UTF8.self).split(separator: "\n").dropFirst().map {
      String($0.prefix { $0 != "|" })
    }
  }

  @Test("an answer of 600 events: its first page read before the answer, then the others, each event once, in order")
  func longAnswer() async throws {
    try await Self.withService(quakes: 600) { service, slots, opened in
      let response = await service.respond(to: "/fdsnws/event/1/query?format=text", host: "localhost")
      #expect(response.status == 200)
      #expect(slots.free == 3, "the answer holds a slot while it is written")
      let ids = try await Self.eventIDs(of: response)
      #expect(ids == Self.ids(600))
      #expect(opened.count.withLock { $0 } == 1)
    }
  }

  @Test("a HEAD of a long answer opens no cursor and takes no slot; its GET does")
  func headOpensNoCursor() async throws {
    try await Self.withService(quakes: 300) { service, slots, opened in
      let head = await service.respond(to: "/fdsnws/event/1/query", host: "localhost", headOnly: true)
      #expect(head.status == 200 && head.contentType == "application/xml")
      guard case .omitted = head.body else {
        Issue.record("a HEAD's body: \(head.body)")
        return
      }
      #expect(opened.count.withLock { $0 } == 0 && slots.free == 4)
      let get = await service.respond(to: "/fdsnws/event/1/query", host: "localhost")
      #expect(get.status == 200 && get.contentType == "application/xml")
      #expect(opened.count.withLock { $0 } == 1 && slots.free == 3)
    }
  }

  @Test(
    "a cache emptied between the first look and the cursor answers nodata (204, or 404), not an empty 200",
    arguments: [("", 204), ("&nodata=404", 404)])
  func emptiedBeforeTheCursor(nodata: String, status: Int) async throws {
    try await Self.withService(quakes: 300, beforeCursor: { try await $0.deleteLocalQuakesMutation() }) {
      service, slots, opened in
      let response = await service.respond(to: "/fdsnws/event/1/query?format=text" + nodata, host: "localhost")
      #expect(opened.count.withLock { $0 } == 1, "the first look saw a long answer")
      #expect(response.status == status)
      if case .text(let text) = response.body, status == 404 {
        #expect(text.hasPrefix("Error 404: Not Found\n\nNo data matches the request."), "\(text)")
      }
      #expect(slots.free == 4, "the slot is given back")
    }
  }
}
