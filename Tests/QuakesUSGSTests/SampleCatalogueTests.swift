import Foundation
import QuakesData
import QuakesUSGS
import Testing
import USGSStandIn

/// The offline demo's made-up catalogue: valid feeds, nested windows, the
/// same on every machine.
@Suite("Sample catalogue for the offline demo")
struct SampleCatalogueTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func ids(_ catalogue: SampleCatalogue, _ period: String) throws -> Set<String> {
    let body = try #require(catalogue.feedBody(period: period, now: self.now))
    return Set(try GeoJSONFeedDecoder.decode(Array(body.utf8)).quakes.map(\.id))
  }

  @Test("each feed decodes, and hour ⊂ day ⊂ week ⊂ month within their windows")
  func nestedFeeds() throws {
    let catalogue = SampleCatalogue(count: 2_000, now: self.now)
    let hour = try self.ids(catalogue, "hour")
    let day = try self.ids(catalogue, "day")
    let week = try self.ids(catalogue, "week")
    let month = try self.ids(catalogue, "month")
    #expect(month.count == 2_000, "every quake has its own id")
    #expect(hour.isSubset(of: day) && day.isSubset(of: week) && week.isSubset(of: month))
    #expect(day.count > 30 && day.count < 120, "about 1/30 of the quakes fall in the last day: \(day.count)")
    #expect(catalogue.feedBody(period: "year", now: self.now) == nil)
  }

  @Test("magnitudes look natural: many small, few large, some unknown")
  func magnitudes() throws {
    let body = try #require(SampleCatalogue(count: 3_000, now: self.now).feedBody(period: "month", now: self.now))
    let quakes = try GeoJSONFeedDecoder.decode(Array(body.utf8)).quakes
    let magnitudes = quakes.compactMap(\.magnitude)
    #expect(magnitudes.count < quakes.count, "some quakes have no magnitude, as in USGS data")
    #expect(magnitudes.filter { $0 < 1.5 }.count > 5 * magnitudes.filter { $0 >= 2.5 }.count)
    #expect(magnitudes.contains { $0 >= 3.5 })
  }

  @Test("the same seed gives the same feeds; a new quake shows in all_hour")
  func deterministicAndLive() throws {
    var catalogue = SampleCatalogue(count: 500, now: self.now, seed: 7)
    #expect(
      catalogue.feedBody(period: "week", now: self.now)
        == SampleCatalogue(count: 500, now: self.now, seed: 7).feedBody(period: "week", now: self.now))
    let before = try self.ids(catalogue, "hour")
    catalogue.addQuake(at: self.now.addingTimeInterval(-1))
    let after = try self.ids(catalogue, "hour")
    #expect(after.count == before.count + 1)
  }
}
