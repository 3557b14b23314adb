import Foundation
import QuakesClient
import QuakesTestSupport
import Testing

/// A list longer than one line's quakes, as a script on the socket sees it:
/// streamed in lines when it asks with `"more":true`, one line otherwise.
@Suite("quakesd streams long lists", .timeLimit(.minutes(3)))
struct DaemonStreamingTests {
  private static let count = 1_234

  private static func ids(_ object: [String: Any]) -> [String] {
    ((object["result"] as? [String: Any])?["quakes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test(
    "with more: lines of 500 quakes, each a whole result (a version 1 request: with the count), then the next request's reply on the same connection"
  )
  func linesWithMore() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(Self.count)) { daemon, _ in
      let client = try daemon.query()
      try client.send(
        #"{"v":1,"id":1,"method":"quakes.list","more":true}"# + "\n" + #"{"id":2,"method":"quakes.count"}"# + "\n")
      var lines: [[String: Any]] = []
      repeat {
        lines.append(try await client.readObject())
      } while lines.last?["continues"] as? Bool == true && lines.count < 10
      #expect(lines.map { Self.ids($0).count } == [500, 500, 234])
      #expect(
        lines.allSatisfy { $0["id"] as? Int == 1 && ($0["result"] as? [String: Any])?["matched"] as? Int == 1_234 })
      #expect(lines.map { $0["continues"] as? Bool } == [true, true, nil])
      #expect(lines.allSatisfy { ($0["result"] as? [String: Any])?["hasMore"] as? Bool == false })
      #expect(lines.flatMap(Self.ids) == SyntheticFeed.ids(Self.count), "newest first, each once")
      let count = try await client.readObject()
      #expect(count["id"] as? Int == 2 && (count["result"] as? [String: Any])?["count"] as? Int == Self.count)
    }
  }

  @Test("without more: one line holding every quake, the same as the streamed lines together")
  func oneLineWithoutMore() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(Self.count)) { daemon, _ in
      let whole = try await daemon.query().call(#"{"id":3,"method":"quakes.list"}"#)
      #expect(whole["continues"] == nil)
      #expect(Self.ids(whole) == SyntheticFeed.ids(Self.count))

      let streamed = try daemon.query()
      try streamed.send(#"{"id":3,"method":"quakes.list","more":true}"# + "\n")
      var quakes: [Any] = []
      var line: [String: Any]
      repeat {
        line = try await streamed.readObject()
        quakes += (line["result"] as? [String: Any])?["quakes"] as? [Any] ?? []
      } while line["continues"] as? Bool == true
      let wholeQuakes = (whole["result"] as? [String: Any])?["quakes"] as? [Any] ?? []
      #expect(NSArray(array: quakes).isEqual(to: wholeQuakes), "every member of every quake is the same")
    }
  }

  @Test(
    "a short page asked with more is one line that does not continue; it says more match, and counts them when asked")
  func shortPageWithMore() async throws {
    try await withDaemon(serving: SyntheticFeed.ids(Self.count)) { daemon, _ in
      let reply = try await daemon.query().call(#"{"id":4,"method":"quakes.list","params":{"limit":20},"more":true}"#)
      #expect(reply["continues"] == nil)
      #expect(Self.ids(reply) == Array(SyntheticFeed.ids(Self.count).prefix(20)))
      let result = try #require(reply["result"] as? [String: Any])
      #expect(result["matched"] == nil, "protocol 2 counts only when asked")
      #expect(result["hasMore"] as? Bool == true)

      let counted = try await daemon.query().call(
        #"{"id":5,"method":"quakes.list","params":{"limit":20,"offset":1214,"matched":true},"more":true}"#)
      #expect((counted["result"] as? [String: Any])?["matched"] as? Int == Self.count)
      #expect((counted["result"] as? [String: Any])?["hasMore"] as? Bool == false, "the last 20")
      #expect(Self.ids(counted) == Array(SyntheticFeed.ids(Self.count).suffix(20)))
    }
  }
}
