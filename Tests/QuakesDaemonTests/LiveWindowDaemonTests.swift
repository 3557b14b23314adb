import Foundation
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing
import USGSStandIn

/// The real quakesd over a catalogue most of which is history: it holds
/// the live window in memory, and answers for the whole catalogue from the
/// database.
@Suite("quakesd holds the live window, the database the catalogue", .timeLimit(.minutes(3)))
struct LiveWindowDaemonTests {
  /// Quakes of 2020, which no polled feed can change.
  private static func history(_ count: Int) -> [Quake] {
    (0..<count).map { index in
      let time = Date(timeIntervalSince1970: 1_577_836_800 + Double(index) * 3_600)
      return Quake(
        id: String(format: "hx%05d", index), magnitude: 2 + Double(index % 40) / 10, time: time, updated: time,
        place: "history \(index)", longitude: Double(index % 360) - 180, latitude: Double(index % 170) - 85)
    }
  }

  @Test(
    "2,000 quakes of history and a fresh feed: status counts both and holds the feed's in memory; history is listed, got, counted and deleted"
  )
  func historyLivesInTheDatabase() async throws {
    try await Self.withHistoryDaemon { daemon, _ in
      let control = try daemon.control()
      func cache() async throws -> [String: Any] {
        try #require(try await control.call(#"{"method":"quakes.status"}"#).result?["cache"] as? [String: Any])
      }
      #expect(try await cache()["count"] as? Int == 2_030)
      #expect(try await cache()["inMemory"] as? Int == 30, "the feed's quakes, not the history")

      let client = try daemon.query()
      let oldest = try await client.call(#"{"method":"quakes.list","params":{"order":"forward","limit":2}}"#)
      let ids = (oldest.result?["quakes"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
      #expect(ids == ["hx00000", "hx00001"], "\(oldest)")
      let got = try await client.call(#"{"method":"quakes.get","params":{"id":"hx01999"}}"#)
      #expect((got.result?["quake"] as? [String: Any])?["place"] as? String == "history 1999", "\(got)")
      let counted = try await client.call(#"{"method":"quakes.count","params":{"until":"2021-01-01T00:00:00Z"}}"#)
      #expect(counted.result?["count"] as? Int == 2_000, "\(counted)")

      let deleted = try await control.call(#"{"method":"quakes.delete","params":{"id":"hx00000"}}"#)
      #expect(deleted.result?["deleted"] as? Int == 1, "\(deleted)")
      #expect(try await cache()["count"] as? Int == 2_029)
      #expect(try await cache()["inMemory"] as? Int == 30)
      let next = try await client.call(#"{"method":"quakes.list","params":{"order":"forward","limit":1}}"#)
      #expect(((next.result?["quakes"] as? [[String: Any]])?.first)?["id"] as? String == "hx00001")

      let metrics = try await control.call(#"{"method":"daemon.metrics"}"#).result?["text"] as? String ?? ""
      #expect(metrics.contains("\nquakesd_quakes_in_memory 30"), "\(metrics.prefix(2_000))")
      #expect(metrics.contains("\nquakesd_quakes_cached 2029"))
    }
  }

  @Test(
    "eight clients delete one history quake at once: one deletes it, seven are told it is not cached, the count drops by one"
  )
  func concurrentDeletesOfOneQuake() async throws {
    try await Self.withHistoryDaemon { daemon, _ in
      let clients = try (0..<8).map { _ in try daemon.control() }
      for client in clients {
        try client.send(#"{"id":1,"method":"quakes.delete","params":{"id":"hx00007"}}"# + "\n")
      }
      var replies: [[String: Any]] = []
      for client in clients {
        replies.append(try await client.readObject())
      }
      let deleted = replies.count { ($0["result"] as? [String: Any])?["deleted"] as? Int == 1 }
      let notFound = replies.count { ($0["error"] as? [String: Any])?["code"] as? String == "quakes.NotFound" }
      #expect(deleted == 1 && notFound == 7, "\(replies)")
      let cache = try await daemon.control().call(#"{"method":"quakes.status"}"#).result?["cache"] as? [String: Any]
      #expect(cache?["count"] as? Int == 2_029, "\(cache ?? [:])")
    }
  }

  @Test("a backfill window that revises history quakes: a filtered watcher sees an update, an entry and a leave")
  func backfillThroughAFilteredWatch() async throws {
    let history = Self.history(2_000)
    // hx00030 (M5.0) stays above 4.5, hx00010 (M3.0) rises above it, hx00031 (M5.1) falls below.
    let revised = [(30, 5.5), (10, 5.0), (31, 3.0)].map { index, magnitude in
      let quake = history[index]
      return FDSNEvent(
        id: quake.id, time: quake.time, updated: quake.time.addingTimeInterval(86_400), magnitude: magnitude,
        latitude: quake.latitude, longitude: quake.longitude, depth: 10, place: "revised")
    }
    try await Self.withHistoryDaemon(fdsn: FDSNCatalogue(events: revised)) { daemon, _ in
      let watcher = try daemon.query()
      try watcher.send(#"{"id":"w","method":"quakes.watch","params":{"minMagnitude":4.5},"more":true}"# + "\n")
      #expect(try await watcher.readObject().result?["event"] as? String == "status")
      let started = try await daemon.control().call(
        #"{"method":"backfill.start","params":{"since":"2020-01-01T00:00:00Z","until":"2020-01-04T00:00:00Z"}}"#)
      #expect(started["error"] == nil, "\(started)")
      var changes: [String: Any] = [:]
      while changes.isEmpty {
        let event = try await watcher.readObject().result ?? [:]
        if event["event"] as? String == "changes" { changes = event }
      }
      let ids = { (kind: String) in Set((changes[kind] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) }
      #expect(ids("updated") == ["hx00030"], "it matched before the window: \(changes)")
      #expect(ids("inserted") == ["hx00010"], "\(changes)")
      #expect(Set(changes["deleted"] as? [String] ?? []) == ["hx00031"], "\(changes)")
    }
  }

  /// quakesd over 2,000 quakes of 2020 written before it starts (``history(_:)``),
  /// polling an `all_day` of 30 fresh quakes, with `fdsn` on the stand-in's
  /// FDSN service for a backfill; `body` runs once the first poll is written.
  private static func withHistoryDaemon(
    fdsn: FDSNCatalogue = FDSNCatalogue(events: []),
    _ body: (QuakesdProcess, USGSStandIn) async throws -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.file("state"), withIntermediateDirectories: true)
    let database = try SQLiteLocalStore(path: directory.file("state") + "/quakes.sqlite")
    try await database.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: Self.history(2_000)))
    try database.close()
    let now = Int64(Date().timeIntervalSince1970 * 1_000)
    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: Array(SyntheticFeed.body(ids: SyntheticFeed.ids(30), generated: now).utf8))
      standIn.setFDSNCatalogue(fdsn)
      let configuration = try standIn.configuration(in: directory, feed: "all_day")
      try await withQuakesd(in: directory, arguments: ["--config", configuration]) { daemon in
        try await daemon.child.waitForLine { $0.contains("polled all_day: ") }
        try await body(daemon, standIn)
      }
    }
  }
}
