import Foundation
import GRDB
import QuakesData
import QuakesModel
import QuakesSQLite
import QuakesTestSupport
import Testing

/// The schema's version, its migrations, and the files the store refuses
/// to touch.
@Suite struct SchemaTests {
  /// The schema of version 1 as docs/schema.md gives it, frozen here: a
  /// file made by the first release, whatever the code's migrations become.
  static let version1 = """
    CREATE TABLE quakes (
      id TEXT NOT NULL PRIMARY KEY, magnitude REAL, magnitude_type TEXT,
      time INTEGER NOT NULL, updated INTEGER NOT NULL, place TEXT,
      longitude REAL NOT NULL, latitude REAL NOT NULL, depth REAL, url TEXT,
      status TEXT, event_type TEXT
    ) WITHOUT ROWID;
    CREATE INDEX quakes_time ON quakes (time);
    CREATE INDEX quakes_magnitude ON quakes (magnitude);
    CREATE TABLE feeds (
      name TEXT NOT NULL PRIMARY KEY, etag TEXT, last_modified TEXT,
      generated INTEGER, last_success INTEGER
    ) WITHOUT ROWID;
    PRAGMA application_id = 1363891012;
    PRAGMA user_version = 1;
    """

  @Test func aNewFileHasTheCurrentSchema() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    try SQLiteLocalStore(path: path).close()

    #expect(SQLiteLocalStore.schemaVersion == 11)
    #expect(try DatabaseFile.integer(path, "PRAGMA user_version") == SQLiteLocalStore.schemaVersion)
    #expect(try DatabaseFile.integer(path, "PRAGMA application_id") == 0x514B_5344)
    let connection = try DatabaseFile.connection(path, readonly: true)
    defer { try? connection.close() }
    try await connection.read { db in
      #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
      let objects = try Set(String.fetchAll(db, sql: "SELECT type || ' ' || name FROM sqlite_master"))
      #expect(
        objects == [
          "table quakes", "index quakes_time", "index quakes_magnitude", "table feeds", "view quakes_iso",
          "view feeds_iso", "table quakes_rtree", "table quakes_rtree_node", "table quakes_rtree_parent",
          "table quakes_rtree_rowid", "table alert_firings", "index alert_firings_once",
          "index alert_firings_upgrades", "index alert_firings_fired", "table alert_deliveries",
          "index alert_deliveries_due", "table alert_attempts", "index alert_firings_released", "table history_jobs",
          "index quakes_network", "index quakes_event_type", "index quakes_magnitude_type", "index quakes_significance",
          "index quakes_depth", "index quakes_felt", "index quakes_cdi", "index quakes_mmi", "index quakes_alert",
          "index quakes_tsunami", "table quakes_search", "table quakes_search_data", "table quakes_search_idx",
          "table quakes_search_content", "table quakes_search_docsize", "table quakes_search_config",
          "index quakes_felt_time", "index quakes_cdi_time", "index quakes_mmi_time", "table quakes_count",
          "trigger quakes_count_insert", "trigger quakes_count_delete",
        ])
    }
  }

  @Test func theListQueriesUseTheIndexes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    try SQLiteLocalStore(path: path).close()
    let connection = try DatabaseFile.connection(path, readonly: true)
    defer { try? connection.close() }
    try await connection.read { db in
      let plans = [
        ("SELECT * FROM quakes ORDER BY time DESC LIMIT 20", "quakes_time"),
        ("SELECT * FROM quakes WHERE time >= 1700000000000", "quakes_time"),
        ("SELECT * FROM quakes ORDER BY magnitude DESC LIMIT 20", "quakes_magnitude"),
        ("SELECT * FROM quakes WHERE magnitude >= 4.5", "quakes_magnitude"),
      ]
      for (query, index) in plans {
        let detail = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(query)").map { $0["detail"] as String? ?? "" }
        #expect(detail.contains { $0.contains(index) }, "\(query): \(detail)")
      }
    }
  }

  @Test("a file from before the name keys gets them filled, so its rows are found by network and types")
  func migratedRowsGetTheirNameKeys() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.version1File(
      in: directory,
      holding: """
        INSERT INTO quakes (id, magnitude, magnitude_type, time, updated, longitude, latitude, event_type)
          VALUES ('hv1', 3.25, 'ML', 1713297398123, 1713297400000, -155.5, 19.25, 'Quarry Blast');
        """)
    let store = try SQLiteLocalStore(path: path)
    defer { try? store.close() }
    var filter = QuakesQuery.Filter()
    filter.eventType = "QUARRY BLAST"
    filter.magnitudeType = "ml"
    #expect(try await store.quakesCount(matching: filter) == 1)
    filter.magnitudeType = "mb"
    #expect(try await store.quakesCount(matching: filter) == 0)
  }

  /// A file of schema version 1 in `directory`, with the rows `inserts` writes.
  private static func version1File(in directory: TemporaryDirectory, holding inserts: String) throws -> String {
    let path = directory.file()
    try DatabaseFile.execute(path, Self.version1 + inserts)
    return path
  }

  @Test func aVersion1FileIsMigratedAndKeepsItsRows() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.version1File(
      in: directory,
      holding: """
        INSERT INTO quakes (id, magnitude, time, updated, place, longitude, latitude)
          VALUES ('hv1', 3.25, 1713297398123, 1713297400000, 'Pāhala', -155.5, 19.25);
        INSERT INTO feeds (name, etag, generated) VALUES ('all_day', '"abc"', 1713297421000);
        """)

    let store = try SQLiteLocalStore(path: path)
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(
      cache.quakes == [
        Quake(
          id: "hv1", magnitude: 3.25, time: Timestamp.date(milliseconds: 1_713_297_398_123),
          updated: Timestamp.date(milliseconds: 1_713_297_400_000), place: "Pāhala", longitude: -155.5,
          latitude: 19.25)
      ])
    #expect(
      cache.feeds == [
        .allDay: FeedRecord(
          validators: FeedValidators(etag: "\"abc\""), generated: Timestamp.date(milliseconds: 1_713_297_421_000))
      ])
    try store.close()
    #expect(try DatabaseFile.integer(path, "PRAGMA user_version") == SQLiteLocalStore.schemaVersion)
    #expect(
      try DatabaseFile.integer(path, "SELECT count(*) FROM quakes_iso WHERE time = '2024-04-16T19:56:38.123Z'") == 1)
  }

  /// A file written by quakesd 0.1.0 (schema 2: the quakes of a three-quake
  /// feed and its feed row), checked in as that release made it.
  static let version2File = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Resources/quakesd-0.1.0-schema2.sqlite")

  @Test func aVersion2FileIsMigratedKeepsItsRowsAndTakesTheNewFieldsOnTheNextWrite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    try FileManager.default.copyItem(atPath: Self.version2File.path, toPath: path)
    #expect(try DatabaseFile.integer(path, "PRAGMA user_version") == 2)

    let store = try SQLiteLocalStore(path: path)
    let cache = try await store.fetchLocalQuakesQuery()
    #expect(cache.quakes.map(\.id).sorted() == ["pr70000002", "us70000000", "us70000001"])
    let old = try #require(cache.quakes.first { $0.id == "us70000000" })
    #expect(old.magnitude == 2.04 && old.place == "46 km E of Reykjavík, Iceland")
    #expect(old.impact == QuakeImpact() && old.solution == QuakeSolution() && old.catalog == QuakeCatalogEntry())
    #expect(cache.feeds[.allDay]?.generated == Timestamp.date(milliseconds: 1_790_000_000_000))

    let complete = Quake(
      id: old.id, magnitude: old.magnitude, magnitudeType: old.magnitudeType, time: old.time, updated: old.updated,
      place: old.place, longitude: old.longitude, latitude: old.latitude, depth: old.depth, url: old.url,
      status: old.status, eventType: old.eventType, impact: QuakeImpact(tsunami: false, significance: 41),
      solution: QuakeSolution(stationCount: 20), catalog: QuakeCatalogEntry(network: "us", code: "70000000"))
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(updated: [complete]))
    #expect(try await store.fetchLocalQuakesQuery().quakes.first { $0.id == old.id } == complete)
    try store.close()

    #expect(try DatabaseFile.integer(path, "PRAGMA user_version") == SQLiteLocalStore.schemaVersion)
    #expect(
      try DatabaseFile.integer(path, "SELECT count(*) FROM quakes_rtree") == 3,
      "the migration indexed the rows it found")
    #expect(try DatabaseFile.integer(path, "SELECT count(*) FROM quakes_iso WHERE significance = 41") == 1)
    #expect(try DatabaseFile.integer(path, "SELECT count(*) FROM quakes_iso WHERE network IS NULL") == 2)
  }

  @Test func aNewerSchemaIsRefusedAndLeftUntouched() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    let store = try SQLiteLocalStore(path: path)
    try await store.didFetchRemoteQuakesMutation(
      feed: .allDay, record: FeedRecord(), diff: QuakesDiff(inserted: Quake.samples(20)))
    try store.close()
    try DatabaseFile.execute(path, "ALTER TABLE quakes ADD COLUMN future INTEGER; PRAGMA user_version = 99")
    let before = try #require(DatabaseFile.bytes(path))

    let error = try #require(throws: SQLiteLocalStoreError.self) { try SQLiteLocalStore(path: path) }
    #expect(error.kind == .newerSchema(found: 99, supported: SQLiteLocalStore.schemaVersion))
    let message = try #require(error.errorDescription)
    #expect(message.contains(path))
    #expect(message.contains("newer quakesd"))
    #expect(message.contains("99"))
    #expect(DatabaseFile.bytes(path) == before)
    #expect(try DatabaseFile.integer(path, "PRAGMA user_version") == 99)
  }

  @Test func anotherApplicationsDatabaseIsRefusedAndLeftUntouched() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    try DatabaseFile.execute(
      path, "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'Ada')")
    let before = try #require(DatabaseFile.bytes(path))

    let error = try #require(throws: SQLiteLocalStoreError.self) { try SQLiteLocalStore(path: path) }
    #expect(error.kind == .foreignDatabase)
    #expect(error.errorDescription?.contains(path) == true)
    #expect(error.errorDescription?.contains("customers") == true)
    #expect(DatabaseFile.bytes(path) == before)
  }

  @Test func aQuakesdFileThatLostATableIsReportedNotEmptied() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    try SQLiteLocalStore(path: path).close()
    try DatabaseFile.execute(path, "DROP VIEW quakes_iso; DROP TABLE quakes")

    let error = try #require(throws: SQLiteLocalStoreError.self) { try SQLiteLocalStore(path: path) }
    #expect(error.kind == .corrupt)
    #expect(error.errorDescription?.contains("no table quakes") == true)
  }

  @Test func anEmptyFileBecomesADatabase() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file()
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let store = try SQLiteLocalStore(path: path)
    #expect(try await store.fetchLocalQuakesQuery() == PersistedCache())
    try store.close()
    #expect(try DatabaseFile.integer(path, "PRAGMA user_version") == SQLiteLocalStore.schemaVersion)
  }
}
