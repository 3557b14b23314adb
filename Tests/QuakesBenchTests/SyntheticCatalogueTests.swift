import Foundation
import QuakesUSGS
import Testing
import USGSStandIn

/// The synthetic feeds the benchmarks ingest: real USGS shape (every
/// property), ids unique within a catalogue and across the chunks of a large
/// cache.
@Suite("Synthetic catalogue for the benchmarks")
struct SyntheticCatalogueTests {
  private let end = Date(timeIntervalSince1970: 1_790_000_000)

  @Test("every feature carries the properties USGS sends, and our decoder takes it")
  func realShape() throws {
    let body = try #require(
      SampleCatalogue(count: 300, now: self.end, seed: 1).feedBody(period: "month", now: self.end))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    let features = try #require(json["features"] as? [[String: Any]])
    let properties = try #require(features.first?["properties"] as? [String: Any])
    let usgsProperties = [
      "mag", "place", "time", "updated", "tz", "url", "detail", "felt", "cdi", "mmi", "alert", "status", "tsunami",
      "sig",
      "net", "code", "ids", "sources", "types", "nst", "dmin", "rms", "gap", "magType", "type", "title",
    ]
    #expect(Set(properties.keys) == Set(usgsProperties))
    #expect(try GeoJSONFeedDecoder.decode(Array(body.utf8)).quakes.count == 300)
  }

  @Test("chunks with their own serial ranges share no id")
  func uniqueAcrossChunks() throws {
    func ids(seed: UInt64, firstSerial: Int) throws -> Set<String> {
      let body = try #require(
        SampleCatalogue(count: 500, now: self.end, seed: seed, firstSerial: firstSerial).feedBody(
          period: "month", now: self.end))
      return Set(try GeoJSONFeedDecoder.decode(Array(body.utf8)).quakes.map(\.id))
    }
    let first = try ids(seed: 1, firstSerial: 70_000_000)
    let second = try ids(seed: 2, firstSerial: 70_000_500)
    #expect(first.count == 500 && second.count == 500)
    #expect(first.isDisjoint(with: second))
  }
}
