import Foundation
import QuakesClient
import QuakesTestSupport
import Testing

/// `quakes.watch` with filter params: the changes of the filtered view, from
/// the real daemon, beside an unfiltered watcher of the same refresh.
@Suite("quakes.watch through a filter, end to end", .timeLimit(.minutes(3)))
struct WatchFilterTests {
  static func feed(_ magnitudes: [(String, Double)], generated: Int64) -> String {
    SyntheticFeed.body(
      ids: [], generated: generated,
      extraFeatures: magnitudes.map { SyntheticFeed.feature(id: $0.0, magnitude: "\($0.1)") })
  }

  /// The `changes` of the next refresh that `watcher` reports: ids by kind.
  static func changes(of watcher: LineConnection) async throws -> [String: Set<String>] {
    while true {
      let event = try await watcher.readObject()
      guard event.result?["event"] as? String == "changes" else { continue }
      let result = event.result ?? [:]
      return [
        "inserted": Set((result["inserted"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }),
        "updated": Set((result["updated"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }),
        "deleted": Set(result["deleted"] as? [String] ?? []),
      ]
    }
  }

  @Test("a quake that comes to match is inserted, one that stops matching or is deleted is deleted, the rest updated")
  func filteredView() async throws {
    let first = Self.feed([("a", 5.0), ("b", 3.0), ("c", 5.0), ("d", 5.0)], generated: SyntheticFeed.generated)
    try await withDaemon(servingFeed: Array(first.utf8)) { daemon, standIn in
      let filtered = try daemon.query()
      try filtered.send(#"{"id":"f","method":"quakes.watch","params":{"minMagnitude":4.5},"more":true}"# + "\n")
      #expect(try await filtered.readObject().result?["event"] as? String == "status")
      let everything = try daemon.query()
      try everything.send(#"{"id":"e","method":"quakes.watch","more":true}"# + "\n")
      #expect(try await everything.readObject().result?["event"] as? String == "status")

      standIn.setFeed(
        "all_day",
        body: Self.feed(
          [("a", 5.5), ("b", 5.0), ("c", 3.0), ("e", 6.0), ("f", 2.0)], generated: SyntheticFeed.generated + 60_000))
      let refresh = try await daemon.control().call(
        #"{"method":"quakes.refresh","params":{"feed":"all_day","wait":true}}"#)
      #expect((refresh.result?["feeds"] as? [[String: Any]])?.first?["outcome"] as? String == "written")

      let seen = try await Self.changes(of: filtered)
      #expect(seen == ["inserted": ["b", "e"], "updated": ["a"], "deleted": ["c", "d"]])
      let all = try await Self.changes(of: everything)
      #expect(all == ["inserted": ["e", "f"], "updated": ["a", "b", "c"], "deleted": ["d"]])
    }
  }

  @Test("a delete reaches a filtered watcher only when the quake matched")
  func deleteThroughAFilter() async throws {
    let feed = Self.feed([("big", 5.0), ("small", 2.0)], generated: SyntheticFeed.generated)
    try await withDaemon(servingFeed: Array(feed.utf8)) { daemon, _ in
      let filtered = try daemon.query()
      try filtered.send(#"{"id":"f","method":"quakes.watch","params":{"minMagnitude":4.5},"more":true}"# + "\n")
      #expect(try await filtered.readObject().result?["event"] as? String == "status")
      _ = try await daemon.control().call(#"{"method":"quakes.delete","params":{"id":"small"}}"#)
      _ = try await daemon.control().call(#"{"method":"quakes.delete","params":{"id":"big"}}"#)
      let seen = try await Self.changes(of: filtered)
      #expect(seen == ["inserted": [], "updated": [], "deleted": ["big"]], "the first change it sees is big's delete")
    }
  }

  @Test("bad filter params refuse the watch with InvalidRequest before it streams")
  func badParams() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(1)) { daemon, _ in
      let watcher = try daemon.query()
      try watcher.send(#"{"id":1,"method":"quakes.watch","params":{"minAlert":"purple"},"more":true}"# + "\n")
      let reply = try await watcher.readObject()
      #expect((reply["error"] as? [String: Any])?["code"] as? String == "quakes.InvalidRequest")
      #expect(reply["continues"] == nil)
    }
  }
}
