import Foundation
import QuakesData
import QuakesModel
import Testing

/// The filters by magnitude range, depth, impact and solution, and the
/// sorts by significance and depth, on a state whose quakes differ in one
/// property each.
@Suite("Selectors: filters by impact, depth and catalogue; sorts by significance and depth")
struct ImpactFilterTests {
  private static func quake(
    _ id: String, magnitude: Double?, depth: Double?, status: ReviewStatus? = .automatic,
    eventType: String? = "earthquake", magnitudeType: String? = "ml", impact: QuakeImpact = QuakeImpact(),
    network: String? = nil
  ) -> Quake {
    Quake(
      id: id, magnitude: magnitude, magnitudeType: magnitudeType, time: Timestamp.date(milliseconds: 1_700_000_000_000),
      updated: Timestamp.date(milliseconds: 1_700_000_000_000), place: "somewhere", longitude: 0, latitude: 0,
      depth: depth, status: status, eventType: eventType, impact: impact,
      catalog: QuakeCatalogEntry(network: network ?? String(id.prefix(2))))
  }

  private let state = QuakesState.loaded([
    quake(
      "us1", magnitude: 7.1, depth: 35, status: .reviewed, magnitudeType: "Mww",
      impact: QuakeImpact(felt: 2_500, cdi: 8.1, mmi: 8.4, alert: .orange, tsunami: true, significance: 1_900)),
    quake(
      "us2", magnitude: 5.6, depth: 10, status: .reviewed, magnitudeType: "mww",
      impact: QuakeImpact(felt: 40, cdi: 4.9, mmi: 5.2, alert: .yellow, tsunami: false, significance: 560)),
    quake(
      "ak1", magnitude: 3.2, depth: 110.5,
      impact: QuakeImpact(felt: 3, cdi: 2.7, alert: .green, tsunami: false, significance: 160)),
    quake("nc1", magnitude: 1.4, depth: -0.8, eventType: "Quarry Blast", impact: QuakeImpact(significance: 30)),
    quake("hv1", magnitude: nil, depth: nil, status: nil, eventType: nil, magnitudeType: nil),
  ])

  private func ids(_ filter: QuakesQuery.Filter) -> [String] {
    self.state.selectQuakesPage(QuakesQuery(filter: filter)).quakes.map(\.id).sorted()
  }

  @Test(
    "each filter keeps exactly the quakes whose known value satisfies it; unknown values never match",
    arguments: [
      (QuakesQuery.Filter(maxMagnitude: 5.6), ["ak1", "nc1", "us2"]),
      (QuakesQuery.Filter(minMagnitude: 3.2, maxMagnitude: 5.6), ["ak1", "us2"]),
      (QuakesQuery.Filter(minMagnitude: 6, maxMagnitude: 5), []),
      (QuakesQuery.Filter(minDepth: 10), ["ak1", "us1", "us2"]),
      (QuakesQuery.Filter(maxDepth: 10), ["nc1", "us2"]),
      (QuakesQuery.Filter(minDepth: -1, maxDepth: 0), ["nc1"]),
      (QuakesQuery.Filter(minAlert: .green), ["ak1", "us1", "us2"]),
      (QuakesQuery.Filter(minAlert: .yellow), ["us1", "us2"]),
      (QuakesQuery.Filter(minAlert: .red), []),
      (QuakesQuery.Filter(minFelt: 40), ["us1", "us2"]),
      (QuakesQuery.Filter(minCdi: 4.9), ["us1", "us2"]),
      (QuakesQuery.Filter(minMmi: 6), ["us1"]),
      (QuakesQuery.Filter(minSignificance: 600), ["us1"]),
      (QuakesQuery.Filter(minSignificance: 0), ["ak1", "nc1", "us1", "us2"]),
      (QuakesQuery.Filter(tsunami: true), ["us1"]),
      (QuakesQuery.Filter(tsunami: false), ["ak1", "us2"]),
      (QuakesQuery.Filter(reviewStatus: .reviewed), ["us1", "us2"]),
      (QuakesQuery.Filter(reviewStatus: .automatic), ["ak1", "nc1"]),
      (QuakesQuery.Filter(network: "US"), ["us1", "us2"]),
      (QuakesQuery.Filter(eventType: "quarry blast"), ["nc1"]),
      (QuakesQuery.Filter(magnitudeType: "MWW"), ["us1", "us2"]),
      (QuakesQuery.Filter(minMagnitude: 5, minAlert: .yellow, tsunami: false, network: "us"), ["us2"]),
    ])
  func filter(filter: QuakesQuery.Filter, expected: [String]) {
    #expect(self.ids(filter) == expected)
    #expect(self.state.selectQuakesCount(matching: filter) == expected.count)
  }

  @Test("sort by significance and by depth, unknown lowest, in both orders")
  func sorts() {
    func ids(_ sort: QuakesQuery.SortKey, _ order: QuakesQuery.Order) -> [String] {
      self.state.selectQuakesPage(QuakesQuery(sort: sort, order: order)).quakes.map(\.id)
    }
    #expect(ids(.significance, .reverse) == ["us1", "us2", "ak1", "nc1", "hv1"])
    #expect(ids(.depth, .reverse) == ["ak1", "us1", "us2", "nc1", "hv1"])
    #expect(ids(.depth, .forward) == ["hv1", "nc1", "us2", "us1", "ak1"])
  }

  @Test("a count without a filter is the whole cache, whatever the time zone it names")
  func unfilteredCount() {
    #expect(self.state.selectQuakesCount(matching: QuakesQuery.Filter()) == 5)
    #expect(self.state.selectQuakesCount(matching: QuakesQuery.Filter(timeZone: .current)) == 5)
  }
}
