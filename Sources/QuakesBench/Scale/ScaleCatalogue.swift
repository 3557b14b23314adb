import Foundation
import QuakesData
import QuakesModel
import QuakesSQLite
import USGSStandIn

/// The history-scale catalogue: `count` realistic quakes (the stand-in's
/// generator: Gutenberg–Richter magnitudes, a dozen real regions, felt
/// reports, alerts) over ten years, written once through quakesd's own
/// store into `quakes.sqlite` in a state directory, as a backfill would
/// leave it. The file is kept between runs (`make bench-scale` reuses it);
/// a file of another size or schema is written again.
struct ScaleCatalogue {
  /// The state directory holding `quakes.sqlite`.
  let stateDirectory: String
  let count: Int

  /// Quakes per transaction, and per generator run.
  private static let chunk = 50_000
  /// The catalogue's span: ten years up to 2026-01-01.
  static let end = Date(timeIntervalSince1970: 1_767_225_600)
  static let start = end.addingTimeInterval(-10 * 365.25 * 86_400)

  /// The feed the writes are recorded under (its record stays empty).
  private static let feed = QuakesFeed(.all, .month)

  var databasePath: String { self.stateDirectory + "/quakes.sqlite" }

  /// Whether the file already holds this catalogue: `count` rows, the current schema.
  func isWritten() async -> Bool {
    guard FileManager.default.fileExists(atPath: self.databasePath),
      let rows = try? await SQLiteShell.run(
        self.databasePath,
        "SELECT (SELECT count(*) FROM quakes) || ' ' || (SELECT user_version FROM pragma_user_version)")
    else { return false }
    return rows == "\(self.count) \(SQLiteLocalStore.schemaVersion)"
  }

  /// Writes the catalogue, replacing any file there; returns the seconds it took.
  func write() async throws -> Double {
    try? FileManager.default.removeItem(atPath: self.stateDirectory)
    try FileManager.default.createDirectory(atPath: self.stateDirectory, withIntermediateDirectories: true)
    let clock = ContinuousClock()
    let started = clock.now
    let store = try SQLiteLocalStore(path: self.databasePath)
    let chunks = (self.count + Self.chunk - 1) / Self.chunk
    let span = Self.end.timeIntervalSince(Self.start) / Double(max(chunks, 1))
    for index in 0..<chunks {
      let size = min(Self.chunk, self.count - index * Self.chunk)
      let from = Self.start.addingTimeInterval(span * Double(index))
      let catalogue = FDSNCatalogue.generated(
        count: size, from: from, to: from.addingTimeInterval(span), seed: 7_000 + UInt64(index))
      var diff = QuakesDiff()
      diff.inserted = catalogue.events.enumerated().map { offset, event in
        Self.quake(event, id: "\(event.network)\(index * Self.chunk + offset)")
      }
      try await store.didFetchRemoteQuakesMutation(feed: Self.feed, record: FeedRecord(), diff: diff)
      if index % 4 == 3 { print("  wrote \((index + 1) * Self.chunk) quakes") }
    }
    try store.close()
    return (clock.now - started).milliseconds / 1_000
  }

  /// `event` as the quake the feeds would give, under `id`.
  private static func quake(_ event: FDSNEvent, id: String) -> Quake {
    Quake(
      id: id, magnitude: event.magnitude, magnitudeType: event.magnitudeType, time: event.time,
      updated: event.updated, place: event.place, longitude: event.longitude, latitude: event.latitude,
      depth: event.depth, url: "https://earthquake.usgs.gov/earthquakes/eventpage/\(id)",
      status: ReviewStatus(rawValue: event.status), eventType: event.eventType,
      impact: QuakeImpact(
        felt: event.felt, cdi: event.cdi, mmi: event.mmi, alert: event.alert.flatMap(AlertLevel.init(rawValue:)),
        tsunami: event.tsunami, significance: event.significance),
      catalog: QuakeCatalogEntry(
        title: event.place.map { "M \(event.magnitude ?? 0) - \($0)" }, network: event.network,
        code: String(id.dropFirst(event.network.count)), ids: CommaWrappedList([id]),
        sources: CommaWrappedList([event.network])))
  }
}
