import Foundation
import QuakesUSGS
import Testing
import USGSStandIn

@testable import QuakesBench

/// The regenerated feed of the ingest comparison: the same quakes with a
/// later `metadata.generated`, so quakesd's reducer cannot skip it.
@Suite("Regenerated feed")
struct RegeneratedFeedTests {
  private let end = Date(timeIntervalSince1970: 1_790_000_000)

  @Test("the same quakes, with metadata.generated one minute later, and nothing else changed")
  func regenerated() throws {
    let body = Array(
      try #require(SampleCatalogue(count: 50, now: self.end, seed: 3).feedBody(period: "week", now: self.end)).utf8)
    let regenerated = try RegeneratedFeed.body(of: body, generatedLaterBy: 60_000)
    let before = try GeoJSONFeedDecoder.decode(body)
    let after = try GeoJSONFeedDecoder.decode(regenerated)
    #expect(after.quakes == before.quakes)
    #expect(after.generated == before.generated?.addingTimeInterval(60))
    #expect(regenerated.count == body.count)
    #expect(zip(body, regenerated).filter { $0 != $1 }.count <= 13)
  }

  @Test("a feed without metadata.generated fails, loudly")
  func noGenerated() {
    let body = Array(#"{"type":"FeatureCollection","metadata":{"count":0},"features":[]}"#.utf8)
    #expect(throws: MeasuredRun.Failure.self) { try RegeneratedFeed.body(of: body, generatedLaterBy: 60_000) }
  }
}
