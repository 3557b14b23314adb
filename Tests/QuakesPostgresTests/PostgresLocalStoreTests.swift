import Foundation
import QuakesData
import QuakesModel
import QuakesPostgres
import QuakesTestSupport
import Testing
import USGSStandIn

/// The PostgreSQL local store behind the persistent session: what a leader
/// writes, a launch reads back; each write is one change of the sequence
/// that followers can read; only the leader of a live term writes; firings
/// are created once; a row a script damaged is an error naming it.
@Suite(
  .enabled(if: PostgresCluster.programs != nil, Comment(rawValue: PostgresCluster.absent)), .serialized,
  .timeLimit(.minutes(5)))
struct PostgresLocalStoreTests {
  /// A local store on `store` whose writer leads a term just taken.
  static func leading(_ store: PostgresStore, as candidate: String = "test-leader") async throws
    -> PostgresLocalStore
  {
    let local = PostgresLocalStore(store: store)
    let term = try #require(try await LeaderLease(store: store, candidate: candidate).acquire())
    await local.writer.lead(term)
    return local
  }

  /// The state the daemon makes of what the store holds: its load action, through the reducer.
  static func loadedState(from store: some PersistentSessionLocalStore) async throws -> QuakesState {
    let cache = try await store.fetchLocalQuakesQuery()
    return try QuakesReducer.reduce(
      state: QuakesState(),
      action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(cache: cache))))))
  }

  static func quake(_ id: String, milliseconds: Int64, magnitude: Double? = 4.5) -> Quake {
    Quake(
      id: id, magnitude: magnitude, magnitudeType: "mww", time: Timestamp.date(milliseconds: milliseconds),
      updated: Timestamp.date(milliseconds: milliseconds + 60_000), place: "12 km SSW of Pāhala, Hawaii",
      longitude: -155.5, latitude: 19.2, depth: 8.5, url: nil, status: .reviewed, eventType: "earthquake",
      impact: QuakeImpact(felt: 12, cdi: 3.4, mmi: 4.1, alert: .green, tsunami: false, significance: 420),
      catalog: QuakeCatalogEntry(network: "hv", code: id, ids: CommaWrappedList(text: ",\(id),")))
  }

  @Test("a launch reads back every field, the feed records and the history jobs; a live window counts the older")
  func launchReadsBack() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let local = try await Self.leading(store)
      var random = SplitMix64(seed: 0x4C41_554E)
      let quakes = RandomCatalogue.quakes(count: 500, using: &random)
      let record = FeedRecord(
        validators: FeedValidators(etag: "\"abc\"", lastModified: "Fri, 27 Nov 2026 10:00:00 GMT"),
        generated: Timestamp.date(milliseconds: 1_700_000_000_123),
        lastSuccess: Timestamp.date(milliseconds: 1_700_000_001_456))
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: record, diff: QuakesDiff(inserted: quakes))
      var job = HistoryJob(
        kind: .backfill, query: HistoryQuery(since: RandomCatalogue.start, until: RandomCatalogue.start + 86_400_000),
        started: Timestamp.date(milliseconds: 1_700_000_000_000))
      job.cursor = RandomCatalogue.start + 3_600_000
      job.eventsFetched = 77
      try await local.saveHistoryJobMutation(job: job)

      let reader = PostgresLocalStore(store: store)
      let cache = try await reader.fetchLocalQuakesQuery()
      // PostgreSQL's text cannot hold U+0000: the store keeps U+FFFD in its place.
      let stored = quakes.map { quake in
        guard let place = quake.place, place.contains("\u{0}") else { return quake }
        return Quake(
          id: quake.id, magnitude: quake.magnitude, magnitudeType: quake.magnitudeType, time: quake.time,
          updated: quake.updated, place: place.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}"),
          longitude: quake.longitude, latitude: quake.latitude, depth: quake.depth, url: quake.url,
          status: quake.status, eventType: quake.eventType, impact: quake.impact, solution: quake.solution,
          catalog: quake.catalog)
      }
      try #require(stored != quakes, "the catalogue has a place with U+0000")
      #expect(cache.quakes.sorted { $0.id < $1.id } == stored.sorted { $0.id < $1.id })
      #expect(cache.feeds[.allDay] == record)
      #expect(cache.history[.backfill]?.cursor == job.cursor)
      #expect(cache.history[.backfill]?.eventsFetched == 77)
      #expect(cache.history[.backfill]?.query == job.query)

      let middle = Timestamp.date(milliseconds: RandomCatalogue.start + RandomCatalogue.span / 2)
      let live = try await reader.fetchLocalQuakesQuery(liveSince: middle)
      let newer = quakes.filter { $0.time >= middle }
      #expect(live.quakes.count == newer.count)
      #expect(live.historyCount == quakes.count - newer.count)
      #expect(try await reader.fetchLocalQuakesQuery(ids: [stored[0].id, "absent", stored[0].id]) == [stored[0]])
      #expect(try await reader.quake(id: "a\u{0}b") == nil)
      await store.close()
    }
  }

  @Test("each write is one change: rows carry its number, deleted quakes are kept by it, a purge is marked")
  func writesAreChanges() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let local = try await Self.leading(store)
      let (a, b, c) = (
        Self.quake("a", milliseconds: 1_000_000), Self.quake("b", milliseconds: 2_000_000),
        Self.quake("c", milliseconds: 3_000_000)
      )
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [a, b, c]))
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(updated: [Self.quake("b", milliseconds: 2_000_500)]))
      try await local.deleteLocalQuakeMutation(quakeId: "c")
      #expect(try await store.changeHead().sequence == 3)
      #expect(try await cluster.psql("SELECT id || ':' || changed FROM quakes ORDER BY id") == "a:1\nb:2")
      #expect(try await cluster.psql("SELECT id || ':' || changed FROM quakes_removed") == "c:3")
      // Written again, a deleted quake is no longer removed.
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [c]))
      #expect(try await cluster.psql("SELECT count(*) FROM quakes_removed") == "0")
      try await local.deleteLocalQuakesMutation()
      #expect(try await cluster.psql("SELECT sequence || ':' || purged FROM quakesd_head") == "5:5")
      #expect(try await cluster.psql("SELECT count(*) FROM quakes") == "0")
      await store.close()
    }
  }

  @Test("a follower reads new quakes apart from updated ones and removed ones whole; one behind the pruned loads anew")
  func followingReadsChanges() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let term = try #require(try await LeaderLease(store: store, candidate: "test-leader").acquire())
      let local = PostgresLocalStore(store: store, removalsKept: 2)
      await local.writer.lead(term)
      let (a, b, c) = (
        Self.quake("a", milliseconds: 1_000_000), Self.quake("b", milliseconds: 2_000_000),
        Self.quake("c", milliseconds: 3_000_000, magnitude: 6.1)
      )
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [a, b, c]))
      let b2 = Self.quake("b", milliseconds: 2_000_500)
      let d = Self.quake("d", milliseconds: 4_000_000)
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [d], updated: [b2]))
      try await local.deleteLocalQuakeMutation(quakeId: "c")

      guard case .changed(let sinceFirst, _) = try await local.changes(after: 1, liveSince: nil) else {
        Issue.record("changes after the first are read")
        return
      }
      #expect(sinceFirst.sequence == 3)
      #expect(sinceFirst.diff.inserted == [d], "d was created after change 1")
      #expect(sinceFirst.diff.updated == [b2], "b was created in change 1, and written since")
      #expect(sinceFirst.diff.deleted == [c], "a removed quake comes whole, as it was last stored")
      guard case .changed(let sinceStart, _) = try await local.changes(after: 0, liveSince: nil) else {
        Issue.record("changes from the start are read")
        return
      }
      #expect(Set(sinceStart.diff.inserted.map(\.id)) == ["a", "b", "d"] && sinceStart.diff.updated.isEmpty)

      // Deleted again (a retention rule and a client at once), c keeps the
      // record of the change that removed it: a follower behind it needs it.
      try await local.deleteLocalQuakeMutation(quakeId: "c")
      guard case .changed(let sinceSecond, _) = try await local.changes(after: 2, liveSince: nil) else {
        Issue.record("changes after the second are read")
        return
      }
      #expect(sinceSecond.diff.deleted == [c])

      // Two deletions later, c's removal (change 3) is pruned: a follower
      // that took in change 2 no longer finds it, and loads anew.
      try await local.deleteLocalQuakeMutation(quakeId: "a")
      try await local.deleteLocalQuakeMutation(quakeId: "d")
      #expect(try await cluster.psql("SELECT string_agg(id, ',' ORDER BY id) FROM quakes_removed") == "a,d")
      #expect(try await cluster.psql("SELECT removals_since FROM quakesd_head") == "3")
      guard case .reload = try await local.changes(after: 2, liveSince: nil) else {
        Issue.record("a follower behind the pruned removals loads anew")
        return
      }
      guard case .changed(let recent, _) = try await local.changes(after: 3, liveSince: nil) else {
        Issue.record("a follower past them reads on")
        return
      }
      #expect(recent.diff.deleted.map(\.id).sorted() == ["a", "d"])
      await store.close()
    }
  }

  @Test("an instance that does not lead cannot write; a deposed leader's write commits nothing")
  func onlyTheLeaderWrites() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let follower = PostgresLocalStore(store: store)
      let refused = await #expect(throws: PostgresStoreError.self) {
        try await follower.didFetchRemoteQuakesMutation(
          feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [Self.quake("a", milliseconds: 1)]))
      }
      #expect(refused?.description.contains("does not lead") == true)

      let leader = try await Self.leading(store)
      try await leader.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [Self.quake("a", milliseconds: 1)]))
      try await LeaderLeaseTests.expire(cluster)
      let successor = try await Self.leading(store, as: "successor")
      await #expect(throws: FencedOut.self) {
        try await leader.deleteLocalQuakeMutation(quakeId: "a")
      }
      #expect(try await cluster.psql("SELECT count(*) FROM quakes") == "1")
      try await successor.deleteLocalQuakeMutation(quakeId: "a")
      #expect(try await cluster.psql("SELECT count(*) FROM quakes") == "0")
      await store.close()
    }
  }

  @Test("a firing is created once, with a delivery per channel, whichever write carries it again")
  func firingsOnce() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let local = try await Self.leading(store)
      let quake = Self.quake("us7000abcd", milliseconds: 1_000_000)
      let firing = AlertFiring(
        rule: "big", trigger: .new, quake: quake, firedAt: Timestamp.date(milliseconds: 5_000),
        channels: ["hook", "mail"])
      for _ in 0..<2 {
        try await local.didFetchRemoteQuakesMutation(
          feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [quake]), firings: [firing])
      }
      // The same quake under another of its ids fires no more.
      let renamed = Quake(
        id: "ak0234", magnitude: 4.5, magnitudeType: "mww", time: quake.time, updated: quake.updated,
        place: quake.place, longitude: quake.longitude, latitude: quake.latitude, depth: quake.depth, url: nil,
        status: .reviewed, eventType: "earthquake",
        catalog: QuakeCatalogEntry(ids: CommaWrappedList(text: ",us7000abcd,ak0234,")))
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [renamed]),
        firings: [AlertFiring(rule: "big", trigger: .new, quake: renamed, firedAt: Date(), channels: ["hook"])])
      #expect(
        try await cluster.psql("SELECT rule || ':' || event || ':' || quake_id FROM alert_firings")
          == "big:new:us7000abcd")
      #expect(
        try await cluster.psql("SELECT channel || ':' || state FROM alert_deliveries ORDER BY channel")
          == "hook:pending\nmail:pending")
      await store.close()
    }
  }

  @Test("the catalogue's extent, for reconciliations: its times, smallest magnitude and box; none when empty")
  func extent() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let local = try await Self.leading(store)
      #expect(try await local.catalogueExtent() == nil)
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(),
        diff: QuakesDiff(inserted: [
          Self.quake("a", milliseconds: 1_000, magnitude: nil), Self.quake("b", milliseconds: 9_000, magnitude: 2.5),
        ]))
      let extent = try #require(try await local.catalogueExtent())
      #expect(extent.oldest == Timestamp.date(milliseconds: 1_000))
      #expect(extent.newest == Timestamp.date(milliseconds: 9_000))
      #expect(extent.smallestMagnitude == 2.5)
      #expect(extent.latitudes == 19.2...19.2 && extent.longitudes == -155.5 ... -155.5)
      await store.close()
    }
  }

  @Test("a cursor's snapshot outlives the store's idle limit: a client may pause between pages")
  func cursorPauses() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(
        cluster, idleTransactionTimeout: .seconds(1), readTimeout: .seconds(1))
      let local = try await Self.leading(store)
      let quakes = (0..<5).map { Self.quake("q\($0)", milliseconds: Int64($0) * 1_000) }
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
      let cursor = try await local.quakesCursor(QuakesQuery(sort: .time, order: .forward), pageSize: 2)
      var read = try #require(try await cursor.next())
      // Past the idle limit, by the server's clock, which ends idle
      // writers, and past the read timeout, which gives up other reads.
      try await Task.sleep(for: .seconds(2))
      while let page = try await cursor.next() { read += page }
      #expect(read.map(\.id) == ["q0", "q1", "q2", "q3", "q4"])
      await store.close()
    }
  }

  @Test("a read the server does not answer in time fails with an error that says so, and reading goes on after")
  func readGivenUp() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster, readTimeout: .seconds(1))
      let local = PostgresLocalStore(store: store)
      // A session that keeps every reader of the change head waiting for 6 s.
      let locking = Task {
        try await cluster.psql(
          "BEGIN; LOCK TABLE quakesd_head IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(6); COMMIT;")
      }
      let locked = try await poll(until: .now + .seconds(10), every: .milliseconds(20)) {
        try await cluster.psql(
          "SELECT count(*) FROM pg_locks WHERE relation = 'quakesd_head'::regclass AND mode = 'AccessExclusiveLock'"
            + " AND granted") == "1" ? true : nil
      }
      try #require(locked == true)
      let asked = ContinuousClock.now
      let error = await #expect(throws: PostgresStoreError.self) { try await local.head() }
      #expect(error?.description.contains("did not answer within 1 s") == true, "\(error.map { "\($0)" } ?? "")")
      #expect(ContinuousClock.now - asked < .seconds(4), "given up before the server answered")
      _ = try await locking.value
      #expect(try await local.head().sequence == 0, "the next read is answered")
      await store.close()
    }
  }

  @Test(
    "an id with U+0000 is stored with U+FFFD; the feed's id and the stored one are one quake, never deleted as gone")
  func nulInAnId() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let local = try await Self.leading(store)
      let fromFeed = Self.quake("us\u{0}1", milliseconds: 1_000)
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [fromFeed]))
      let stored = try #require(try await local.fetchLocalQuakesQuery().quakes.first)
      #expect(stored.id == "us\u{FFFD}1")
      #expect(try await local.quake(id: fromFeed.id)?.id == stored.id, "found under either")
      // A state reloaded from the store holds the stored id; the feed sends its own again.
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [fromFeed], deleted: [stored]))
      #expect(try await cluster.psql("SELECT count(*) FROM quakes") == "1")
      #expect(try await cluster.psql("SELECT count(*) FROM quakes_removed") == "0")
      await store.close()
    }
  }

  @Test("every committed change is announced to the instances that listen, whichever term wrote it")
  func changesAnnounced() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let local = try await Self.leading(store)
      let (wakes, wake) = AsyncStream.makeStream(of: Void.self)
      let listening = Task { await store.listenForChanges { wake.yield() } }
      defer { listening.cancel() }
      var announcements = wakes.makeAsyncIterator()
      _ = await announcements.next()  // listening now
      try await local.deleteLocalQuakeMutation(quakeId: "none")
      _ = await announcements.next()
      try await LeaderLeaseTests.expire(cluster)
      let successor = try await Self.leading(store, as: "successor")
      try await successor.deleteLocalQuakeMutation(quakeId: "none")
      _ = await announcements.next()
      #expect(try await store.changeHead().sequence == 2)
      await store.close()
    }
  }

  @Test("a row a script damaged is an error naming the row and the column, never a crash")
  func damagedRow() async throws {
    try await withPostgresCluster { cluster in
      let store = try await LeaderLeaseTests.store(cluster)
      let local = try await Self.leading(store)
      try await local.didFetchRemoteQuakesMutation(
        feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [Self.quake("a", milliseconds: 1)]))
      try await cluster.psql("UPDATE quakes SET magnitude = 99")
      let error = await #expect(throws: PostgresStoreError.self) { try await local.quake(id: "a") }
      #expect(error?.description.contains("the row 'a' of table quakes holds the number 99.0") == true)
      #expect(error?.description.contains("column magnitude") == true)
      try await cluster.psql("UPDATE quakes SET magnitude = 'NaN'")
      await #expect(throws: PostgresStoreError.self) { try await local.fetchLocalQuakesQuery() }
      await store.close()
    }
  }
}
