import Foundation
import GRDB
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// `quakes_rtree`: written with every change to `quakes`, in the same
/// transaction, and used by the box queries docs/schema.md shows.
@Suite struct SpatialIndexTests {
  private static func quake(_ id: String, latitude: Double, longitude: Double) -> Quake {
    Quake(
      id: id, magnitude: 3, time: Timestamp.date(milliseconds: 1_700_000_000_000),
      updated: Timestamp.date(milliseconds: 1_700_000_000_000), place: nil, longitude: longitude, latitude: latitude)
  }

  /// Every entry of the index, by id: latitude and longitude boxes.
  private static func entries(_ path: String) throws -> [String: [Double]] {
    let connection = try DatabaseFile.connection(path, readonly: true)
    defer { try? connection.close() }
    return try connection.read { db in
      var entries: [String: [Double]] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT id, min_latitude, max_latitude, min_longitude, max_longitude FROM quakes_rtree")
      {
        entries[row["id"]] = [row["min_latitude"], row["max_latitude"], row["min_longitude"], row["max_longitude"]]
      }
      return entries
    }
  }

  /// Whether the index holds each of `quakes` at its epicentre and nothing else.
  private static func indexes(_ path: String, exactly quakes: [Quake]) throws -> Bool {
    let entries = try Self.entries(path)
    guard Set(entries.keys) == Set(quakes.map(\.id)) else { return false }
    // R*Tree keeps 32-bit floats, rounded outwards: within 1e-4 degrees.
    return quakes.allSatisfy { quake in
      guard let box = entries[quake.id] else { return false }
      return box[0] <= quake.latitude && quake.latitude <= box[1] && box[2] <= quake.longitude
        && quake.longitude <= box[3] && box[1] - box[0] < 1e-4 && box[3] - box[2] < 1e-4
    }
  }

  @Test func insertsUpdatesDeletesAndPurgesKeepTheIndexInStep() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    let a = Self.quake("a1", latitude: 61.2, longitude: -149.9)
    let b = Self.quake("b1", latitude: -17.7, longitude: 178.1)
    let c = Self.quake("c1", latitude: -17.7, longitude: -178.1)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [a, b, c]))
    #expect(try Self.indexes(path, exactly: [a, b, c]))

    let moved = Self.quake("a1", latitude: 35.7, longitude: 139.7)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(updated: [moved], deleted: [b]))
    #expect(try Self.indexes(path, exactly: [moved, c]))

    try await store.deleteLocalQuakeMutation(quakeId: "c1")
    #expect(try Self.indexes(path, exactly: [moved]))

    try await store.deleteLocalQuakesMutation()
    #expect(try Self.indexes(path, exactly: []))
    try store.close()
  }

  @Test func theDocumentedBoxQueriesUseTheIndexAndFindTheQuakes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    let quakes = [
      Self.quake("ak", latitude: 61.2, longitude: -149.9), Self.quake("fj", latitude: -17.7, longitude: 178.1),
      Self.quake("to", latitude: -20.0, longitude: -175.0), Self.quake("ca", latitude: 36.0, longitude: -120.0),
    ]
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    try store.close()
    let connection = try DatabaseFile.connection(path, readonly: true)
    defer { try? connection.close() }
    // The queries of docs/schema.md, verbatim but for their bounds.
    let box = """
      SELECT q.id FROM quakes_rtree r JOIN quakes q ON q.id = r.id
      WHERE r.max_latitude >= 32 AND r.min_latitude <= 42 AND r.max_longitude >= -125 AND r.min_longitude <= -114
        AND q.latitude BETWEEN 32 AND 42 AND q.longitude BETWEEN -125 AND -114
      """
    let antimeridian = """
      SELECT q.id FROM quakes_rtree r JOIN quakes q ON q.id = r.id
      WHERE r.max_latitude >= -25 AND r.min_latitude <= -10
        AND (r.max_longitude >= 165 OR r.min_longitude <= -170)
        AND q.latitude BETWEEN -25 AND -10 AND (q.longitude >= 165 OR q.longitude <= -170)
      """
    let near = """
      SELECT q.id,
        6371.0088 * 2 * asin(sqrt(power(sin(radians(q.latitude - 61.2) / 2), 2)
          + cos(radians(61.2)) * cos(radians(q.latitude)) * power(sin(radians(q.longitude - -149.9) / 2), 2))) AS km
      FROM quakes_rtree r JOIN quakes q ON q.id = r.id
      WHERE r.max_latitude >= 61.2 - 2.7 AND r.min_latitude <= 61.2 + 2.7
        AND r.max_longitude >= -149.9 - 5.7 AND r.min_longitude <= -149.9 + 5.7
        AND km <= 300
      """
    try await connection.read { db in
      #expect(try String.fetchAll(db, sql: box) == ["ca"])
      #expect(try Set(String.fetchAll(db, sql: antimeridian)) == ["fj", "to"])
      #expect(try String.fetchAll(db, sql: near) == ["ak"])
      for query in [box, antimeridian, near] {
        let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(query)").map { $0["detail"] as String? ?? "" }
        #expect(plan.contains { $0.contains("VIRTUAL TABLE INDEX") }, "\(plan)")
      }
    }
  }

  @Test func anOlderFileGetsItsIndexFilledByTheMigration() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    try FileManager.default.copyItem(atPath: SchemaTests.version2File.path, toPath: path)
    try SQLiteLocalStore(path: path).close()
    let entries = try Self.entries(path)
    #expect(Set(entries.keys) == ["pr70000002", "us70000000", "us70000001"])
  }

  @Test func aDroppedIndexIsBuiltAgainAtOpen() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let quakes = [Self.quake("a1", latitude: 1, longitude: 2), Self.quake("b1", latitude: 3, longitude: 4)]
    let store = try SQLiteLocalStore(path: path)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: quakes))
    try store.close()
    try DatabaseFile.execute(path, "DROP TABLE quakes_rtree")

    let reopened = try SQLiteLocalStore(path: path)
    #expect(try Self.indexes(path, exactly: quakes))
    let third = Self.quake("c1", latitude: 5, longitude: 6)
    try await reopened.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: [third]))
    #expect(try Self.indexes(path, exactly: quakes + [third]))
    try reopened.close()
  }
}
