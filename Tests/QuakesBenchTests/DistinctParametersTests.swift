import Foundation
import QuakesModel
import QuakesProtocol
import Testing

@testable import QuakesBench

/// The uncached comparisons send parameters no other request had, and the
/// same question to both sides; the cached ones repeat one question.
@Suite("Distinct query parameters")
struct DistinctParametersTests {
  private struct Envelope: Decodable {
    let params: ListParams
  }

  private func params(_ line: String) throws -> ListParams {
    try JSONDecoder().decode(Envelope.self, from: Data(line.utf8)).params
  }

  @Test("every uncached served list request has params of its own, as quakesd's ListCache keys them")
  func servedDistinct() throws {
    let (ours, peer) = ServedQueryComparison.Query.listDistinct.requests(ids: [], distinctCount: 2_000)
    #expect(ours.count == 2_000 && peer.count == 2_000)
    #expect(Set(try ours.map(self.params)).count == 2_000)
    #expect(Set(peer).count == 2_000)
  }

  @Test("request i asks both servers for the newest 100 before the same instant, after every quake")
  func servedSameQuestion() throws {
    let (ours, peer) = ServedQueryComparison.Query.listDistinct.requests(ids: [], distinctCount: 300)
    for index in [0, 7, 299] {
      let params = try self.params(ours[index])
      #expect(params.limit == 100)
      let until = try #require(params.filter.until.flatMap(Timestamp.parseISO8601))
      #expect(until > Date(timeIntervalSince1970: 1_790_000_000))
      #expect(peer[index].hasSuffix("&time__lt=\(Int64(until.timeIntervalSince1970 * 1_000))"))
      #expect(peer[index].contains("_sort_desc=time&_size=100"))
    }
  }

  @Test(
    "each first-answer question parses as quakesd's list params, differs on every request, and asks datasette the same",
    arguments: ServedQueryComparison.Query.firstAnswers)
  func firstAnswers(query: ServedQueryComparison.Query) throws {
    let newest: Int64 = 1_700_000_000_000
    let (ours, peer) = query.requests(ids: [], distinctCount: 500, newest: newest)
    let params = try ours.map(self.params)
    #expect(Set(params).count == 500)
    #expect(params.allSatisfy { ($0.limit ?? 0) > 0 && ($0.limit ?? 0) <= 100 })
    if query == .lastThreeDays {
      let since = try #require(params[0].filter.since.flatMap(Timestamp.parseISO8601))
      #expect(Int64(since.timeIntervalSince1970 * 1_000) == newest - 3 * 86_400_000)
      #expect(peer[0].contains("time__gte=\(newest - 3 * 86_400_000)"))
    }
    // datasette has no distance; every other question goes to both sides.
    #expect(peer.count == (query == .near500km ? 0 : 500))
    for index in peer.indices {
      let until = try #require(params[index].filter.until.flatMap(Timestamp.parseISO8601))
      #expect(peer[index].hasSuffix("&time__lt=\(Int64(until.timeIntervalSince1970 * 1_000))"))
    }
  }

  @Test("the cached served list repeats one request")
  func servedRepeated() {
    let (ours, peer) = ServedQueryComparison.Query.list.requests(ids: [], distinctCount: 2_000)
    #expect(ours.count == 1 && peer.count == 1)
  }

  @Test(
    "a distinct run gets more requests than the fastest list run could send, and the generator refuses to repeat one")
  func enoughDistinctRequests() throws {
    let comparison = ServedQueryComparison(
      bench: "", querySocket: "", peerPort: nil, ids: [], rounds: 1, seconds: 5, connections: 32, depth: 4, work: "")
    #expect(comparison.distinctRequestCount(fastestThroughput: 27_000) >= 27_000 * 6 + 128)
    #expect(comparison.distinctRequestCount(fastestThroughput: 0) >= 1_000)

    var generator = LoadGenerator(target: .tcp(1), framing: .http, requests: [[1], [2]])
    #expect(try generator.request(number: 2) == [1])
    generator.eachOnce = true
    #expect(try generator.request(number: 1) == [2])
    #expect(throws: LoadGenerator.Failure.self) { try generator.request(number: 2) }
  }

  @Test("every uncached scripted run has params of its own, the same bound for quakectl and the SQL")
  func scriptedDistinct() throws {
    let comparison = ScriptedQueryComparison(
      quakectl: "quakectl", runtimeDirectory: "run", daemon: 0, database: "q.sqlite", sqliteUtils: "sqlite-utils",
      sqlite3: "sqlite3",
      rounds: 21)
    for tool in ScriptedQueryComparison.Tool.allCases {
      let distinct = (0..<21).map { comparison.arguments(tool, .distinct, run: $0) }
      #expect(Set(distinct).count == 21)
      let repeated = (0..<21).map { comparison.arguments(tool, .repeated, run: $0) }
      #expect(Set(repeated).count == 1)
    }
    let quakectl = comparison.arguments(.quakectl, .distinct, run: 5)
    let until = try #require(quakectl.last.flatMap(Timestamp.parseISO8601))
    let sql = try #require(comparison.arguments(.sqlite3, .distinct, run: 5).last)
    #expect(sql.contains("WHERE time < \(Int64(until.timeIntervalSince1970 * 1_000)) "))
  }
}
