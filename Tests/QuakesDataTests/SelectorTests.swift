import Foundation
import QuakesData
import QuakesModel
import Testing

@Suite("Selectors: list, map set, count, status, one quake")
struct SelectorTests {
  private static func at(_ iso: String) -> Date {
    Timestamp.parseISO8601(iso) ?? .distantPast
  }

  private let state = QuakesState.loaded([
    .fixture("a", magnitude: 4.5, time: at("2024-03-09T23:30:00Z"), place: "10 km N of San José, Costa Rica"),
    .fixture("b", magnitude: 2.0, time: at("2024-03-10T00:30:00Z"), place: "5 km SW of Pāhala, Hawaii"),
    .fixture("c", magnitude: 4.5, time: at("2024-03-10T12:00:00Z"), place: "CENTRAL ALASKA"),
    .fixture("d", magnitude: 1.1, time: at("2024-03-10T12:00:00Z"), place: nil),
    .fixture("e", magnitude: nil, time: at("2024-03-11T08:00:00Z"), place: "Bismarck Sea"),
  ])

  private func ids(_ query: QuakesQuery) -> [String] {
    self.state.selectQuakesPage(query).quakes.map(\.id)
  }

  @Test("the default list is every quake, newest first, ties by id")
  func defaultList() {
    let page = self.state.selectQuakesPage(QuakesQuery())
    #expect(page.matched == 5)
    #expect(page.quakes.map(\.id) == ["e", "d", "c", "b", "a"])
  }

  @Test("both sort keys in both orders; a reverse list is the forward one backwards")
  func sorting() {
    #expect(self.ids(QuakesQuery(sort: .time, order: .forward)) == ["a", "b", "c", "d", "e"])
    #expect(self.ids(QuakesQuery(sort: .magnitude, order: .forward)) == ["e", "d", "b", "a", "c"])
    #expect(self.ids(QuakesQuery(sort: .magnitude, order: .reverse)) == ["c", "a", "b", "d", "e"])
    for sort in QuakesQuery.SortKey.allCases {
      let forward = self.ids(QuakesQuery(sort: sort, order: .forward))
      #expect(self.ids(QuakesQuery(sort: sort, order: .reverse)) == forward.reversed())
    }
  }

  @Test(
    "search ignores case and diacritics, in both directions",
    arguments: [
      ("san jose", ["a"]), ("SAN JOSÉ", ["a"]), ("pahala", ["b"]), ("Pāhala", ["b"]), ("central alaska", ["c"]),
      ("alaska", ["c"]), ("sea", ["e"]), ("nowhere", []), ("", ["a", "b", "c", "d", "e"]),
    ])
  func search(text: String, expected: [String]) {
    #expect(self.ids(QuakesQuery(filter: .init(search: text), order: .forward)) == expected)
  }

  @Test("a calendar day is UTC by default and follows the given time zone")
  func dayBoundaries() throws {
    let day = try #require(QuakesQuery.Day("2024-03-10"))
    #expect(self.ids(QuakesQuery(filter: .init(day: day), order: .forward)) == ["b", "c", "d"])
    // UTC−8 (Los Angeles, before the DST change at 10:00 UTC): 2024-03-10 runs 08:00Z … 07:00Z next day.
    let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
    #expect(self.ids(QuakesQuery(filter: .init(day: day, timeZone: losAngeles), order: .forward)) == ["c", "d"])
    // UTC+9 (Tokyo): 2024-03-10 runs 2024-03-09T15:00Z … 2024-03-10T15:00Z.
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    #expect(self.ids(QuakesQuery(filter: .init(day: day, timeZone: tokyo), order: .forward)) == ["a", "b", "c", "d"])
  }

  @Test("a day interval is half-open and 23 hours long on a spring-forward day")
  func dayInterval() throws {
    let day = try #require(QuakesQuery.Day("2024-03-10"))
    let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
    let interval = day.interval(in: losAngeles)
    #expect(interval.lowerBound == Self.at("2024-03-10T08:00:00Z"))
    #expect(interval.upperBound.timeIntervalSince(interval.lowerBound) == 23 * 3600)
    #expect(day.interval(in: .gmt) == Self.at("2024-03-10T00:00:00Z")..<Self.at("2024-03-11T00:00:00Z"))
    #expect(day.description == "2024-03-10")
    for bad in ["2024-3-10", "2024-02-30", "20240310", "2024-03-10T00:00"] {
      #expect(QuakesQuery.Day(bad) == nil, "\(bad)")
    }
  }

  @Test("since is inclusive, until exclusive")
  func sinceUntil() {
    let noon = Self.at("2024-03-10T12:00:00Z")
    #expect(self.ids(QuakesQuery(filter: .init(since: noon), order: .forward)) == ["c", "d", "e"])
    #expect(self.ids(QuakesQuery(filter: .init(until: noon), order: .forward)) == ["a", "b"])
    #expect(self.ids(QuakesQuery(filter: .init(since: noon, until: noon))) == [])
  }

  @Test("a minimum magnitude is inclusive and never matches an unknown magnitude")
  func minimumMagnitude() {
    #expect(self.ids(QuakesQuery(filter: .init(minMagnitude: 4.5), order: .forward)) == ["a", "c"])
    #expect(self.ids(QuakesQuery(filter: .init(minMagnitude: -10), order: .forward)) == ["a", "b", "c", "d"])
  }

  @Test("filters combine")
  func combined() throws {
    let filter = QuakesQuery.Filter(search: "a", day: QuakesQuery.Day("2024-03-10"), minMagnitude: 2)
    #expect(self.ids(QuakesQuery(filter: filter, order: .forward)) == ["b", "c"])
  }

  @Test("limit and offset page through the sorted matches; matched counts them all")
  func paging() {
    let first = self.state.selectQuakesPage(QuakesQuery(order: .forward, limit: 2))
    let second = self.state.selectQuakesPage(QuakesQuery(order: .forward, limit: 2, offset: 2))
    let last = self.state.selectQuakesPage(QuakesQuery(order: .forward, limit: 2, offset: 4))
    let beyond = self.state.selectQuakesPage(QuakesQuery(order: .forward, limit: 2, offset: 40))
    #expect(first.quakes.map(\.id) == ["a", "b"])
    #expect(second.quakes.map(\.id) == ["c", "d"])
    #expect(last.quakes.map(\.id) == ["e"])
    #expect(beyond.quakes.isEmpty)
    #expect([first, second, last, beyond].allSatisfy { $0.matched == 5 })
    #expect(self.state.selectQuakesPage(QuakesQuery(limit: 0)).quakes.isEmpty)
    let huge = self.state.selectQuakesPage(QuakesQuery(order: .forward, limit: .max, offset: 3))
    #expect(huge.quakes.map(\.id) == ["d", "e"], "a limit as large as Int.max does not overflow")
  }

  @Test("the map set holds the matches by id")
  func mapSet() {
    let set = self.state.selectQuakes(QuakesQuery.Filter(minMagnitude: 2))
    #expect(Set(set.keys) == ["a", "b", "c"])
  }

  @Test("count, status, feeds and one quake")
  func smallSelectors() {
    #expect(self.state.selectQuakesCount() == 5)
    #expect(QuakesState.selectQuakesCount()(self.state) == 5)
    #expect(self.state.selectQuakesStatus() == .success)
    #expect(self.state.selectQuake(quakeId: "c")?.place == "CENTRAL ALASKA")
    #expect(QuakesState.selectQuake(quakeId: "zz")(self.state) == nil)
    #expect(self.state.selectQuake(quakeId: nil) == nil)
    var withFeeds = self.state
    withFeeds.feeds[.allWeek] = FeedState(status: .success)
    withFeeds.feeds[.allHour] = FeedState(status: .waiting)
    #expect(withFeeds.selectFeeds().map(\.feed) == [.allHour, .allWeek])
  }

  @Test("the static selectors are the instance ones, for Store.select")
  func staticSelectors() {
    let query = QuakesQuery(filter: .init(search: "alaska"))
    #expect(QuakesState.selectQuakesPage(query)(self.state) == self.state.selectQuakesPage(query))
    #expect(QuakesState.selectQuakes(query.filter)(self.state) == self.state.selectQuakes(query.filter))
    #expect(QuakesState.selectQuakesStatus()(self.state) == .success)
  }
}
