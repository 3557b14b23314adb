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
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.file("state"), withIntermediateDirectories: true)
    let history = Self.history(2_000)
    let database = try SQLiteLocalStore(path: directory.file("state") + "/quakes.sqlite")
    try await database.didFetchRemoteQuakesMutation(
      feed: .allMonth, record: FeedRecord(), diff: QuakesDiff(inserted: history))
    try database.close()
    let now = Int64(Date().timeIntervalSince1970 * 1_000)
    let feed = SyntheticFeed.ids(30)

    try await withUSGSStandIn { standIn in
      standIn.setFeed("all_day", body: Array(SyntheticFeed.body(ids: feed, generated: now).utf8))
      try await withQuakesd(
        in: directory, arguments: ["--feed-base-url", standIn.baseURL, "--feed", "all_day"]
      ) { daemon in
        try await daemon.child.waitForLine { $0.contains("polled all_day: ") }
        let control = try daemon.control()
        func cache() throws -> [String: Any] {
          try #require(try control.call(#"{"method":"quakes.status"}"#).result?["cache"] as? [String: Any])
        }
        #expect(try cache()["count"] as? Int == 2_030)
        #expect(try cache()["inMemory"] as? Int == 30, "the feed's quakes, not the history")

        let client = try daemon.query()
        let oldest = try client.call(#"{"method":"quakes.list","params":{"order":"forward","limit":2}}"#)
        let ids = (oldest.result?["quakes"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["hx00000", "hx00001"], "\(oldest)")
        let got = try client.call(#"{"method":"quakes.get","params":{"id":"hx01999"}}"#)
        #expect((got.result?["quake"] as? [String: Any])?["place"] as? String == "history 1999", "\(got)")
        let counted = try client.call(#"{"method":"quakes.count","params":{"until":"2021-01-01T00:00:00Z"}}"#)
        #expect(counted.result?["count"] as? Int == 2_000, "\(counted)")

        let deleted = try control.call(#"{"method":"quakes.delete","params":{"id":"hx00000"}}"#)
        #expect(deleted.result?["deleted"] as? Int == 1, "\(deleted)")
        #expect(try cache()["count"] as? Int == 2_029)
        #expect(try cache()["inMemory"] as? Int == 30)
        let next = try client.call(#"{"method":"quakes.list","params":{"order":"forward","limit":1}}"#)
        #expect(((next.result?["quakes"] as? [[String: Any]])?.first)?["id"] as? String == "hx00001")

        let metrics = try control.call(#"{"method":"daemon.metrics"}"#).result?["text"] as? String ?? ""
        #expect(metrics.contains("\nquakesd_quakes_in_memory 30"), "\(metrics.prefix(2_000))")
        #expect(metrics.contains("\nquakesd_quakes_cached 2029"))
      }
    }
  }
}
