import Foundation
import GRDB
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// Every field of a quake and of a feed record comes back from the file as
/// it went in: nulls, non-ASCII text, long text, times to the millisecond.
@Suite struct RoundTripTests {
  static let everyField = Quake(
    id: "hv74591247", magnitude: 4.37, magnitudeType: "mww",
    time: Timestamp.date(milliseconds: 1_713_297_398_123),
    updated: Timestamp.date(milliseconds: 1_713_300_000_999),
    place: "12 km SSW of Pāhala, Hawaii", longitude: -155.5234, latitude: 19.1021, depth: -1.25,
    url: "https://earthquake.usgs.gov/earthquakes/eventpage/hv74591247", status: .reviewed,
    eventType: "quarry blast",
    impact: QuakeImpact(felt: 1_523, cdi: 7.2, mmi: 6.489, alert: .orange, tsunami: true, significance: 1_196),
    solution: QuakeSolution(stationCount: 134, minimumDistance: 0.0349, rootMeanSquare: 0.18, azimuthalGap: 27.5),
    catalog: QuakeCatalogEntry(
      title: "M 4.4 - 12 km SSW of Pāhala, Hawaii", network: "hv", code: "74591247",
      ids: CommaWrappedList(["hv74591247", "us7000m1x2"]), sources: CommaWrappedList(["hv", "us"]),
      productTypes: CommaWrappedList(["dyfi", "losspager", "origin", "shakemap"]),
      detail: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/hv74591247.geojson", timeZoneOffset: -600))

  static let nullFields = Quake(
    id: "ak0241234567", magnitude: nil, magnitudeType: nil,
    time: Timestamp.date(milliseconds: -86_400_001), updated: Timestamp.date(milliseconds: 0),
    place: nil, longitude: 0, latitude: -90, depth: nil, url: nil, status: nil, eventType: nil)

  static let longPlace = Quake.sample(
    "us7000long", magnitude: -0.5,
    place: String((String(repeating: "Ñuñoa, Región Metropolitana — 東京都 🌋 ", count: 10)).prefix(300)))

  static let oddStatus = Quake(
    id: "nc75000001", magnitude: 0.01, magnitudeType: "md",
    time: Timestamp.date(milliseconds: 4_102_444_800_000), updated: Timestamp.date(milliseconds: 4_102_444_800_001),
    place: "", longitude: 180, latitude: 90, depth: 700, url: "", status: ReviewStatus(rawValue: "DELETED"),
    eventType: "explosion")

  static let quakes = [everyField, nullFields, longPlace, oddStatus]

  static let records: [QuakesFeed: FeedRecord] = [
    .allDay: FeedRecord(
      validators: FeedValidators(etag: "W/\"5f2b-1a2b3c\"", lastModified: "Tue, 16 Apr 2024 19:57:01 GMT"),
      generated: Timestamp.date(milliseconds: 1_713_297_421_000),
      lastSuccess: Timestamp.date(milliseconds: 1_713_297_422_456)),
    QuakesFeed(.magnitude4_5, .week): FeedRecord(),
  ]

  @Test func placeIsLong() {
    #expect(Self.longPlace.place?.count == 300)
  }

  @Test func everyFieldRoundTripsThroughAFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    try await self.write(to: store)
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(Set(cache.quakes) == Set(Self.quakes))
    #expect(cache.feeds == Self.records)
    try store.close()
  }

  @Test func everyFieldRoundTripsInMemory() async throws {
    let store = try SQLiteLocalStore.inMemory()
    #expect(store.path == nil)
    try await self.write(to: store)
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(Set(cache.quakes) == Set(Self.quakes))
    #expect(cache.feeds == Self.records)
    let other = try SQLiteLocalStore.inMemory()
    #expect(try await other.fetchLocalQuakesQuery() == PersistedCache())
  }

  @Test func columnsHoldTheDocumentedUnits() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let connection = try await self.writtenFile(in: directory)
    defer { try? connection.close() }
    try await connection.read { db in
      let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM quakes WHERE id = 'hv74591247'"))
      #expect(row["time"] as Int64? == 1_713_297_398_123)
      #expect(row["updated"] as Int64? == 1_713_300_000_999)
      #expect(row["magnitude"] as Double? == 4.37)
      #expect(row["magnitude_type"] as String? == "mww")
      #expect(row["status"] as String? == "reviewed")
      #expect(row["event_type"] as String? == "quarry blast")
      #expect(row["place"] as String? == "12 km SSW of Pāhala, Hawaii")
      #expect(row["title"] as String? == "M 4.4 - 12 km SSW of Pāhala, Hawaii")
      #expect(row["felt"] as Int64? == 1_523)
      #expect(row["cdi"] as Double? == 7.2)
      #expect(row["mmi"] as Double? == 6.489)
      #expect(row["alert"] as String? == "orange")
      #expect(row["tsunami"] as Int64? == 1)
      #expect(row["significance"] as Int64? == 1_196)
      #expect(row["network"] as String? == "hv")
      #expect(row["code"] as String? == "74591247")
      #expect(row["ids"] as String? == ",hv74591247,us7000m1x2,")
      #expect(row["sources"] as String? == ",hv,us,")
      #expect(row["product_types"] as String? == ",dyfi,losspager,origin,shakemap,")
      #expect(row["detail"] as String? == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/hv74591247.geojson")
      #expect(row["time_zone_offset"] as Int64? == -600)
      #expect(row["station_count"] as Int64? == 134)
      #expect(row["minimum_distance"] as Double? == 0.0349)
      #expect(row["root_mean_square"] as Double? == 0.18)
      #expect(row["azimuthal_gap"] as Double? == 27.5)
      let empty = try #require(try Row.fetchOne(db, sql: "SELECT * FROM quakes WHERE id = 'ak0241234567'"))
      let nullable = [
        "magnitude", "magnitude_type", "place", "depth", "url", "status", "event_type", "title", "felt", "cdi", "mmi",
        "alert", "tsunami", "significance", "network", "code", "ids", "sources", "product_types", "detail",
        "time_zone_offset", "station_count", "minimum_distance", "root_mean_square", "azimuthal_gap",
      ]
      for column in nullable {
        #expect((empty[column] as DatabaseValue).isNull, "\(column)")
      }
      let feed = try #require(try Row.fetchOne(db, sql: "SELECT * FROM feeds WHERE name = 'all_day'"))
      #expect(feed["etag"] as String? == "W/\"5f2b-1a2b3c\"")
      #expect(feed["last_modified"] as String? == "Tue, 16 Apr 2024 19:57:01 GMT")
      #expect(feed["generated"] as Int64? == 1_713_297_421_000)
      #expect(feed["last_success"] as Int64? == 1_713_297_422_456)
    }
  }

  @Test func isoViewsSpellTimesAsTimestampDoes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let connection = try await self.writtenFile(in: directory)
    defer { try? connection.close() }
    try await connection.read { db in
      for quake in Self.quakes {
        let row = try #require(
          try Row.fetchOne(db, sql: "SELECT time, updated FROM quakes_iso WHERE id = ?", arguments: [quake.id]))
        #expect(row["time"] as String? == Timestamp.iso8601(quake.time))
        #expect(row["updated"] as String? == Timestamp.iso8601(quake.updated))
      }
      let feed = try #require(try Row.fetchOne(db, sql: "SELECT * FROM feeds_iso WHERE name = 'all_day'"))
      #expect(feed["generated"] as String? == "2024-04-16T19:57:01.000Z")
      #expect(feed["last_success"] as String? == "2024-04-16T19:57:02.456Z")
      let empty = try #require(try Row.fetchOne(db, sql: "SELECT * FROM feeds_iso WHERE name = '4.5_week'"))
      #expect(empty["generated"] as String? == nil)
    }
  }

  @Test func feedRowsOfUnknownFeedsAreLeftOut() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try SQLiteLocalStore(path: directory.file())
    try await self.write(to: store)
    try DatabaseFile.execute(directory.file(), "INSERT INTO feeds (name) VALUES ('all_century')")
    #expect(try await store.fetchLocalQuakesQuery().feeds == Self.records)
    try store.close()
  }

  /// Writes the samples to a new file in `directory`, closes the store, and
  /// opens the file read-only, as a script would.
  private func writtenFile(in directory: TemporaryDirectory) async throws -> DatabaseQueue {
    let store = try SQLiteLocalStore(path: directory.file())
    try await self.write(to: store)
    try store.close()
    return try DatabaseFile.connection(directory.file(), readonly: true)
  }

  private func write(to store: SQLiteLocalStore) async throws {
    for (feed, record) in Self.records.sorted(by: { $0.key < $1.key }) {
      let quakes = feed == .allDay ? Self.quakes : [Self.everyField]
      try await store.didFetchRemoteQuakesMutation(feed: feed, record: record, diff: QuakesDiff(inserted: quakes))
    }
  }
}
