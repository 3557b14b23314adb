import Foundation
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// Every documented question is answered through an index: `EXPLAIN QUERY
/// PLAN` of the SQL the daemon runs shows no scan of the whole `quakes`
/// table, and a page read in the index's order needs no sort.
@Suite("Query plans: no documented question scans the table")
struct QueryPlanTests {
  private static let day: TimeInterval = 86_400
  private static let now = Date(timeIntervalSince1970: 1_790_000_000)

  /// The questions the README, docs/cli.md and issue 32 ask, by name.
  static let questions: [(String, QuakesQuery)] = {
    func filter(_ change: (inout QuakesQuery.Filter) -> Void) -> QuakesQuery.Filter {
      var filter = QuakesQuery.Filter()
      change(&filter)
      return filter
    }
    let tokyo = GeoPoint(latitude: 35.68, longitude: 139.69)
    return [
      ("newest 20", QuakesQuery(limit: 20)),
      ("largest 10 M4.5+", QuakesQuery(filter: filter { $0.minMagnitude = 4.5 }, sort: .magnitude, limit: 10)),
      (
        "the last day, M2.5+",
        QuakesQuery(
          filter: filter {
            $0.since = now - day; $0.minMagnitude = 2.5
          }, limit: 20)
      ),
      ("search \"alaska\", newest 20", QuakesQuery(filter: filter { $0.search = "alaska" }, limit: 20)),
      ("search \"Reykjavík\", every match", QuakesQuery(filter: filter { $0.search = "Reykjavík" })),
      ("count \"california\"", QuakesQuery(filter: filter { $0.search = "california" }, limit: 0)),
      ("network hv, newest 20", QuakesQuery(filter: filter { $0.network = "HV" }, limit: 20)),
      ("event type quarry blast", QuakesQuery(filter: filter { $0.eventType = "quarry blast" }, limit: 20)),
      ("magnitude type mww", QuakesQuery(filter: filter { $0.magnitudeType = "Mww" }, limit: 20)),
      (
        "bbox Iceland, newest 20",
        QuakesQuery(
          filter: filter {
            $0.bbox = GeoBox(minLatitude: 63, maxLatitude: 67, minLongitude: -25, maxLongitude: -13)
          }, limit: 20)
      ),
      (
        "within 100 km of Tokyo, nearest 10",
        QuakesQuery(
          filter: filter { $0.near = GeoCircle(centre: tokyo, radiusKm: 100) }, sort: .distance, order: .forward,
          limit: 10)
      ),
      ("felt by anyone, newest 20", QuakesQuery(filter: filter { $0.minFelt = 1 }, limit: 20)),
      ("PAGER yellow or worse", QuakesQuery(filter: filter { $0.minAlert = .yellow }, limit: 20)),
      ("intensity cdi 4+", QuakesQuery(filter: filter { $0.minCdi = 4 }, limit: 20)),
      ("intensity mmi 4+", QuakesQuery(filter: filter { $0.minMmi = 4 }, limit: 20)),
      ("significance 600+", QuakesQuery(filter: filter { $0.minSignificance = 600 }, limit: 20)),
      ("deeper than 300 km", QuakesQuery(filter: filter { $0.minDepth = 300 }, limit: 20)),
      ("tsunami flag", QuakesQuery(filter: filter { $0.tsunami = true }, limit: 20)),
      ("most significant", QuakesQuery(sort: .significance, limit: 20)),
      ("deepest", QuakesQuery(sort: .depth, limit: 20)),
    ]
  }()

  /// Indexes of some rows only: walking one reads just those.
  private static let partialIndexes = [
    "quakes_felt", "quakes_cdi", "quakes_mmi", "quakes_alert", "quakes_tsunami", "quakes_felt_time", "quakes_cdi_time",
    "quakes_mmi_time",
  ]

  @Test(
    "no page reads every row but in the order asked, up to its limit; no count of a filter reads every row",
    arguments: questions)
  func answeredThroughAnIndex(name: String, query: QuakesQuery) async throws {
    let plan = try await withTemporaryStore { try await $0.queryPlan(query) }
    let walksPartially = { (line: String) in Self.partialIndexes.contains { line.hasSuffix("INDEX \($0)") } }
    for line in plan.page + plan.count {
      #expect(line != "SCAN quakes", "\(name): a scan of the whole table: \(plan)")
    }
    // A walk of a whole index is a page only when it goes in the order
    // asked and stops at the limit.
    let walksAnIndex = plan.page.contains { $0.hasPrefix("SCAN quakes USING") && !walksPartially($0) }
    let sorts = plan.page.contains { $0.contains("TEMP B-TREE FOR ORDER BY") }
    #expect(!walksAnIndex || (!sorts && query.limit != nil), "\(name): reads every row: \(plan.page)")
    if !query.filter.matchesEverything {
      let countWalks = plan.count.contains { $0.hasPrefix("SCAN quakes USING") && !walksPartially($0) }
      #expect(!countWalks, "\(name): the count reads every row: \(plan.count)")
    }
  }

  @Test(
    "a count by magnitude and time (FDSN's count?minmagnitude=…&endtime=…) reads the magnitude index alone, no row",
    arguments: [(4.0, nil), (4.0, 1_790_000_000.0), (nil, 1_790_000_000.0)] as [(Double?, TimeInterval?)])
  func magnitudeAndTimeCountsReadTheIndexAlone(minMagnitude: Double?, until: TimeInterval?) async throws {
    var filter = QuakesQuery.Filter()
    filter.minMagnitude = minMagnitude
    filter.until = until.map { Date(timeIntervalSince1970: $0) }
    if minMagnitude == nil { filter.maxMagnitude = 2 }
    let plan = try await withTemporaryStore { try await $0.queryPlan(QuakesQuery(filter: filter, limit: 0)) }
    #expect(plan.count.contains { $0.contains("COVERING INDEX quakes_magnitude") }, "\(plan.count)")
  }

  @Test("felt reports and intensities, newest first, walk the index of the quakes that have them, in time order")
  func impactNewestFirst() async throws {
    var filters: [(String, QuakesQuery.Filter)] = []
    var felt = QuakesQuery.Filter()
    felt.minFelt = 1
    filters.append(("quakes_felt_time", felt))
    var cdi = QuakesQuery.Filter()
    cdi.minCdi = 4
    filters.append(("quakes_cdi_time", cdi))
    var mmi = QuakesQuery.Filter()
    mmi.minMmi = 4
    filters.append(("quakes_mmi_time", mmi))
    for (index, filter) in filters {
      let plan = try await withTemporaryStore { try await $0.queryPlan(QuakesQuery(filter: filter, limit: 20)) }
      #expect(plan.page.contains { $0.contains(index) }, "\(index): \(plan.page)")
      #expect(!plan.page.contains { $0.contains("TEMP B-TREE") }, "\(index): \(plan.page)")
    }
  }

  /// SQLite has no statistics of magnitudes: for `magnitude ≥ 4`, newest
  /// first, it walks the time index past every quake below the bound
  /// (210 ms at 100,000 quakes, `make bench`'s first answers). When few
  /// quakes reach the bound, the store reads just those.
  @Test(
    "a magnitude bound few quakes reach reads them through (magnitude, time), in any order; one most reach walks by time"
  )
  func rareMagnitudes() async throws {
    // 3,000 quakes a minute apart: every 300th of magnitude 5.5, the rest 1.0–2.9.
    let quakes = (0..<3_000).map { (index: Int) -> Quake in
      let magnitude: Double = index % 300 == 0 ? 5.5 : 1 + Double(index % 20) / 10
      let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)
      return Quake(
        id: "rare\(index)", magnitude: magnitude, time: time, updated: time, place: "somewhere", longitude: 10,
        latitude: 20)
    }
    try await withTemporaryStore { store in
      try await store.didFetchRemoteQuakesMutation(
        feed: .allMonth, record: FeedRecord(generated: Self.now), diff: QuakesDiff(inserted: quakes))
      for sort in [QuakesQuery.SortKey.time, .significance, .depth] {
        var rare = QuakesQuery(sort: sort, limit: 20)
        rare.filter.minMagnitude = 5
        let plan = try await store.queryPlan(rare)
        #expect(plan.page.contains { $0.contains("INDEX quakes_magnitude") }, "\(sort): \(plan.page)")
        let page = try await store.quakesPage(rare, countingMatches: true)
        #expect(page.matched == 10 && page.quakes.count == 10, "\(sort)")
      }
      var common = QuakesQuery(limit: 20)
      common.filter.minMagnitude = 1
      let plan = try await store.queryPlan(common)
      #expect(plan.page.contains { $0.contains("INDEX quakes_time") }, "\(plan.page)")
      #expect(try await store.quakesPage(common, countingMatches: false).quakes.map(\.id).first == "rare2999")
    }
  }
}
