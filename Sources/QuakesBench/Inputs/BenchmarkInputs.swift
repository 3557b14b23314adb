import Foundation
import QuakesData
import QuakesSQLite
import QuakesUSGS
import USGSStandIn

/// The benchmarks' inputs, made in the run's work directory: the week feed
/// (the real fixture when `../shared/fixtures/usgs` is there), a synthetic
/// feed of ``BenchmarkScale/largeCount`` quakes, and quakesd caches of each
/// ``BenchmarkScale/cacheCounts`` size.
///
/// The synthetic quakes come from ``SampleCatalogue`` (realistic regions,
/// magnitudes and every USGS property), deterministic for a seed. The
/// caches are written by quakesd's own code (our decoder, then the SQLite
/// store's insert) in chunks of at most 100,000 quakes, because a single
/// feed of a million quakes (about 1 GB of JSON) is not something USGS
/// serves; the first chunk is the large feed itself, so the 100,000-quake
/// cache and the peer's file ingested from the large feed hold the same quakes.
struct BenchmarkInputs {
  /// The week feed and where it came from.
  let weekFeed: String
  let weekSource: String
  /// Whether the week feed is the real fixture (not a synthetic stand-in).
  let weekIsReal: Bool
  /// The synthetic feed file of `largeCount` quakes, named `all_month.geojson`.
  let largeFeed: String
  /// A quakesd state directory (holding `quakes.sqlite`) per cache size.
  let caches: [Int: String]

  /// The instant the synthetic catalogues end at: fixed, so runs repeat.
  static let catalogueEnd = Date(timeIntervalSince1970: 1_790_000_000)
  private static let chunkSize = 100_000

  static func prepare(scale: BenchmarkScale, fixtures: String, work: String) async throws -> BenchmarkInputs {
    let fixture = URL(fileURLWithPath: fixtures + "/all_week-2021-04-16T1956Z-sandykolu.geojson").standardizedFileURL
      .path
    let weekFeed: String
    let weekSource: String
    if FileManager.default.fileExists(atPath: fixture) {
      weekFeed = fixture
      weekSource =
        "the real USGS `all_week` of 2021-04-16 (`../shared/fixtures/usgs/\((fixture as NSString).lastPathComponent)`)"
    } else {
      weekFeed = work + "/week/all_week.geojson"
      try self.write(SampleCatalogue(count: 2_125, now: self.catalogueEnd, seed: 7), to: weekFeed)
      weekSource =
        "a synthetic week of 2,125 quakes (`../shared/fixtures/usgs` is not there; with it, the real week is used)"
    }
    let largeFeed = work + "/large/all_month.geojson"
    try self.write(self.chunk(0, count: scale.largeCount), to: largeFeed)

    var caches: [Int: String] = [:]
    for count in scale.cacheCounts {
      let state = work + "/cache-\(count)"
      try await self.writeCache(count: count, to: state + "/quakes.sqlite")
      caches[count] = state
    }
    return BenchmarkInputs(
      weekFeed: weekFeed, weekSource: weekSource, weekIsReal: weekFeed == fixture, largeFeed: largeFeed, caches: caches)
  }

  /// The synthetic feed of `count` quakes (the large feed's first `count`
  /// quakes), as the suite writes it.
  static func syntheticFeed(count: Int) -> String {
    self.chunk(0, count: count).feedBody(period: "month", now: self.catalogueEnd) ?? ""
  }

  /// Chunk `index` of the synthetic catalogue: its own seed and id range.
  private static func chunk(_ index: Int, count: Int) -> SampleCatalogue {
    SampleCatalogue(
      count: count, now: self.catalogueEnd, seed: UInt64(index + 1), firstSerial: 70_000_000 + index * self.chunkSize)
  }

  private static func write(_ catalogue: SampleCatalogue, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let body = catalogue.feedBody(period: "month", now: self.catalogueEnd) ?? ""
    try Data(body.utf8).write(to: URL(fileURLWithPath: path))
  }

  private static func writeCache(count: Int, to path: String) async throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let store = try SQLiteLocalStore(path: path)
    defer { try? store.close() }
    let record = FeedRecord(generated: self.catalogueEnd, lastSuccess: self.catalogueEnd)
    for index in 0..<((count + self.chunkSize - 1) / self.chunkSize) {
      let size = min(self.chunkSize, count - index * self.chunkSize)
      let body = self.chunk(index, count: size).feedBody(period: "month", now: self.catalogueEnd) ?? ""
      let batch = try GeoJSONFeedDecoder.decode(Array(body.utf8))
      try await store.didFetchRemoteQuakesMutation(
        feed: .allMonth, record: record, diff: QuakesDiff(inserted: batch.quakes))
    }
  }
}
