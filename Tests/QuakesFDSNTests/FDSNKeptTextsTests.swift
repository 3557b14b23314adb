import Foundation
import ImmutableData
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesServer
import QuakesTestSupport
import Synchronization
import Testing
import USGSStandIn

@testable import QuakesFDSN

/// Answers made with the kept texts of events (``FDSNEventTexts``) are the
/// bytes of answers made without them, over a real SQLite file, for random
/// questions in every format, while the cache changes under them: each
/// change moves the cache's count of changes, as the listener's writes do,
/// and the next answer shows it, even for an event whose `updated` stayed.
///
/// `QUAKES_FDSN_TEXTS_SEED` replays a run (a failure names its seed).
@Suite("FDSN event service: answers with kept texts are the answers without them")
struct FDSNKeptTextsTests {
  static let defaultSeed: UInt64 = 0x4644_534E

  /// What an answer's page with kept texts does first, to the file and the store.
  typealias BeforeKeptPage = @Sendable (SQLiteLocalStore, Store<QuakesState, QuakesAction>) async throws -> Void

  /// The file, with `beforeKeptPage` run as a page with kept texts is read.
  struct Interposed: QuakesCatalogue {
    let database: SQLiteLocalStore
    let store: Store<QuakesState, QuakesAction>
    let beforeKeptPage: BeforeKeptPage

    func quakesPage(_ query: QuakesQuery, keeping isKept: @escaping @Sendable (Quake.ID) -> Bool) async throws
      -> QuakesSparsePage
    {
      try await self.beforeKeptPage(self.database, self.store)
      return try await self.database.quakesPage(query, keeping: isKept)
    }

    func quakesPage(_ query: QuakesQuery, countingMatches: Bool) async throws -> QuakesPage {
      try await self.database.quakesPage(query, countingMatches: countingMatches)
    }

    func quakesCursor(_ query: QuakesQuery, pageSize: Int) async throws -> any QuakesCursor {
      try await self.database.quakesCursor(query, pageSize: pageSize)
    }

    func quakesCount(matching filter: QuakesQuery.Filter) async throws -> Int {
      try await self.database.quakesCount(matching: filter)
    }

    func quake(id: Quake.ID) async throws -> Quake? { try await self.database.quake(id: id) }

    func networks() async throws -> [String] { try await self.database.networks() }
  }

  /// A service with kept texts and one without, over one file and one store.
  struct Services {
    let directory: TemporaryDirectory
    let database: SQLiteLocalStore
    let store: Store<QuakesState, QuakesAction>
    let progress: ListenerProgress
    let kept: FDSNEventService
    let plain: FDSNEventService
    let texts: FDSNEventTexts

    /// `beforeKeptPage` runs as an answer with kept texts reads its page:
    /// what happens to the cache in the middle of that answer.
    init(
      quakes: [Quake], budget: Int, beforeKeptPage: BeforeKeptPage? = nil
    ) async throws {
      self.directory = try TemporaryDirectory()
      self.database = try SQLiteLocalStore(path: self.directory.file())
      try await self.database.didFetchRemoteQuakesMutation(
        feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
      self.store = await Task { @StoreActor in Store(initialState: QuakesState(), reducer: QuakesReducer.reduce) }
        .value
      self.progress = ListenerProgress()
      let (file, store) = (self.database, self.store)
      let database: any QuakesCatalogue =
        beforeKeptPage.map { Interposed(database: file, store: store, beforeKeptPage: $0) } ?? file
      let catalogue = CatalogueReader(store: self.store, database: database, progress: self.progress)
      self.texts = FDSNEventTexts(budget: budget)
      self.kept = FDSNEventService(catalogue: catalogue, texts: self.texts)
      self.plain = FDSNEventService(catalogue: catalogue, texts: FDSNEventTexts(budget: 0))
    }

    /// Writes `diff` to the file and tells the store, as the listener does
    /// after a poll's write: the cache's count of changes moves.
    func change(_ diff: QuakesDiff) async throws {
      try await self.database.didFetchRemoteQuakesMutation(feed: .allMonth, record: FeedRecord(), diff: diff)
      try await Task { @StoreActor in
        try self.store.dispatch(
          action: .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: .allMonth, diff: diff)))))
      }.value
      self.progress.handled(through: self.store.countedSnapshot().transitionCount)
    }

    func close() {
      try? self.database.close()
      self.directory.remove()
    }
  }

  /// A small catalogue, and the question of all of it in text.
  static let fifty: [Quake] = {
    var random = SplitMix64(seed: Self.defaultSeed)
    return RandomCatalogue.quakes(count: 50, using: &random)
  }()
  static let newestFifty = "/fdsnws/event/1/query?format=text&limit=50&orderby=time"

  /// `quake` with another magnitude, place or update time.
  static func changed(_ quake: Quake, magnitude: Double? = nil, place: String? = nil, updated: Date? = nil) -> Quake {
    Quake(
      id: quake.id, magnitude: magnitude ?? quake.magnitude, magnitudeType: quake.magnitudeType, time: quake.time,
      updated: updated ?? quake.updated, place: place ?? quake.place, longitude: quake.longitude,
      latitude: quake.latitude, depth: quake.depth, url: quake.url, status: quake.status, eventType: quake.eventType,
      impact: quake.impact, solution: quake.solution, catalog: quake.catalog)
  }

  /// The status, type and whole body of `service`'s answer to `target`.
  static func answer(_ service: FDSNEventService, _ target: String, now: Date) async throws
    -> (status: Int, type: String?, body: [UInt8])
  {
    let response = await service.respond(to: target, host: "localhost", now: now)
    var body: [UInt8] = []
    switch response.body {
    case .bytes(let bytes): body = bytes
    case .text(let text): body = Array(text.utf8)
    case .events(let document): while let piece = try await document.nextPiece() { body += piece }
    case .omitted: break
    }
    return (response.status, response.contentType, body)
  }

  /// A random question of the service: a page of up to 300 events, in any
  /// order and format, sometimes bounded by magnitude or time.
  static func target(using random: inout SplitMix64) -> String {
    var parameters = ["format=" + random.pick(["xml", "text", "geojson"])]
    parameters.append("limit=\(random.pick([1, 3, 10, 50, 100, 256, 300]))")
    if random.chance(0.5) {
      parameters.append("orderby=" + random.pick(["time", "time-asc", "magnitude", "magnitude-asc"]))
    }
    if random.chance(0.3) { parameters.append("offset=\(random.pick([1, 2, 40]))") }
    if random.chance(0.3) { parameters.append("minmagnitude=\(random.pick([0, 2, 4.5, 7]))") }
    if random.chance(0.3) { parameters.append("starttime=" + random.pick(["2019-01-01", "2023-06-01", "2030-01-01"])) }
    return "/fdsnws/event/1/query?" + parameters.joined(separator: "&")
  }

  @Test("random questions in every format, the cache changing every 20: the same status, type and bytes")
  func sameBytes() async throws {
    let seed = ProcessInfo.processInfo.environment["QUAKES_FDSN_TEXTS_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
    var random = SplitMix64(seed: seed)
    var quakes = RandomCatalogue.quakes(count: 600, using: &random)
    // 48 KiB holds about 40 events of QuakeML: the halves turn over often.
    let services = try await Services(quakes: quakes, budget: 48 * 1_024)
    defer { services.close() }
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    var failures = 0
    for index in 0..<400 where failures < 5 {
      if index % 20 == 19 {
        // Some quakes change, one of them without a new `updated`, one goes.
        var changed = (0..<5).map { _ in random.pick(quakes) }
        changed[0] = Self.changed(
          changed[0], magnitude: (changed[0].magnitude ?? 0) + 0.1, place: "changed at case \(index)")
        for offset in 1..<changed.count {
          changed[offset] = Self.changed(
            changed[offset], magnitude: Double(random.next(below: 90)) / 10,
            updated: changed[offset].updated.addingTimeInterval(60))
        }
        changed = changed.enumerated().filter { offset, quake in
          !changed[..<offset].contains { $0.id == quake.id }
        }.map(\.element)
        let deleted = random.pick(quakes.filter { quake in !changed.contains { $0.id == quake.id } })
        try await services.change(QuakesDiff(updated: changed, deleted: [deleted]))
        quakes.removeAll { $0.id == deleted.id }
        for quake in changed { quakes[quakes.firstIndex { $0.id == quake.id } ?? 0] = quake }
      }
      let target = Self.target(using: &random)
      // Asked twice of the one that keeps texts: the second copies them.
      for round in 0..<2 {
        let kept = try await Self.answer(services.kept, target, now: now)
        let plain = try await Self.answer(services.plain, target, now: now)
        if kept.status != plain.status || kept.type != plain.type || kept.body != plain.body {
          Issue.record(
            """
            seed \(seed), case \(index), round \(round): \(target)
            kept: \(kept.status) \(kept.type ?? "-") \(kept.body.count) bytes; without: \(plain.status) \
            \(plain.type ?? "-") \(plain.body.count) bytes
            """)
          failures += 1
        }
      }
    }
    let counts = services.texts.counts
    #expect(counts.copied > 5_000, "seed \(seed): answers copied \(counts.copied) texts (kept \(counts.kept))")
    #expect(services.texts.usage.bytes <= 48 * 1_024)
  }

  @Test("an answer read after a write committed, before the count moved for it, copies no text of the count before")
  func writeCommittedBeforeItsCount() async throws {
    let (services, target) = (try await Services(quakes: Self.fifty, budget: 1 << 20), Self.newestFifty)
    defer { services.close() }
    _ = try await Self.answer(services.kept, target, now: Date())
    #expect(services.texts.usage.texts == 50)
    // The listener's order: a transition whose side effect is a write (a
    // poll's batch); the write commits; the listener reports it (the count
    // moves); only then is the transition handled.
    let polled = try await Task { @StoreActor in
      try services.store.dispatch(action: .scheduler(.pollDue(feed: .allMonth)))
      return services.store.countedSnapshot().transitionCount
    }.value
    let answer = Task { try await Self.answer(services.kept, target, now: Date()) }
    try #require(
      try await poll(until: .now + .seconds(30), every: .milliseconds(2)) { services.progress.waiting == 1 },
      "the answer waits for the poll's transition to be handled")
    let changed = Self.changed(try #require(Self.fifty.first), place: "written before its count moved")
    let diff = QuakesDiff(updated: [changed])
    try await services.database.didFetchRemoteQuakesMutation(feed: .allMonth, record: FeedRecord(), diff: diff)
    try await Task { @StoreActor in
      try services.store.dispatch(
        action: .data(.persistentSession(.localStore(.didWriteRemoteQuakes(feed: .allMonth, diff: diff)))))
    }.value
    services.progress.handled(through: polled)
    let text = String(decoding: try await answer.value.body, as: UTF8.self)
    #expect(text.contains("written before its count moved"), "the answer reads the committed row: \(text.prefix(300))")
    let kept = services.texts.text(of: changed.id, in: .text, generation: 0).map { String(decoding: $0, as: UTF8.self) }
    #expect(
      kept?.contains("written before its count moved") == false, "what it wrote was not kept under the count before")
    services.progress.handled(through: services.store.countedSnapshot().transitionCount)
    #expect(text == String(decoding: try await Self.answer(services.plain, target, now: Date()).body, as: UTF8.self))
  }

  @Test("an answer whose page is read while a write is in flight, its count not moved yet, copies no text")
  func writeInFlightDuringThePage() async throws {
    let changed = Self.changed(try #require(Self.fifty.first), place: "written in the middle of an answer")
    let armed = Mutex(false)
    let services = try await Services(quakes: Self.fifty, budget: 1 << 20) { database, store in
      guard armed.withLock({ $0 }) else { return }
      armed.withLock { $0 = false }
      // A poll's transition, not handled yet, whose write commits now.
      try await Task { @StoreActor in try store.dispatch(action: .scheduler(.pollDue(feed: .allMonth))) }.value
      try await database.didFetchRemoteQuakesMutation(
        feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(updated: [changed]))
    }
    defer { services.close() }
    _ = try await Self.answer(services.kept, Self.newestFifty, now: Date())
    #expect(services.texts.usage.texts == 50)
    armed.withLock { $0 = true }
    let text = String(decoding: try await Self.answer(services.kept, Self.newestFifty, now: Date()).body, as: UTF8.self)
    #expect(text.contains("written in the middle of an answer"), "the row read, not the text kept before")
    let kept = services.texts.text(of: changed.id, in: .text, generation: 0).map { String(decoding: $0, as: UTF8.self) }
    #expect(kept?.contains("written in the middle of an answer") == false, "and nothing it wrote was kept")
  }

  @Test("an event changed without a new updated time is written anew after the change, not copied")
  func changeWithoutUpdated() async throws {
    let (services, target) = (try await Services(quakes: Self.fifty, budget: 1 << 20), Self.newestFifty)
    defer { services.close() }
    let before = try await Self.answer(services.kept, target, now: Date())
    let copied = services.texts.counts.copied
    #expect(try await Self.answer(services.kept, target, now: Date()).body == before.body)
    #expect(services.texts.counts.copied == copied + 50, "the second answer copies all 50")
    let changed = Self.changed(try #require(Self.fifty.first), place: "a place no answer wrote before")
    try await services.change(QuakesDiff(updated: [changed]))
    let after = String(decoding: try await Self.answer(services.kept, target, now: Date()).body, as: UTF8.self)
    #expect(after.contains("a place no answer wrote before"))
    #expect(services.texts.counts.copied == copied + 50, "after the change, nothing is copied")
  }
}
