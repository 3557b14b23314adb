import GRDB
import QuakesData

/// The layout of a quakesd database: its tables, its version and how an
/// older file is brought up to date. docs/schema.md documents it for
/// scripts; keep the two saying the same thing.
///
/// The version is SQLite's `PRAGMA user_version`, and `PRAGMA application_id`
/// marks the file as a quakesd database, so that `sqlite3`, `file(1)` and
/// scripts can tell both without knowing quakesd.
enum Schema {
  /// `PRAGMA application_id` of every quakesd database: "QKSD" in ASCII.
  static let applicationID: Int32 = 0x514B_5344

  /// The schema's history, oldest first. Versions are 1, 2, 3, … in order.
  static let migrations: [SchemaMigration] = [
    SchemaMigration(
      version: 1,
      summary: "the tables quakes and feeds, and the indexes on time and magnitude",
      sql: """
        CREATE TABLE quakes (
          id TEXT NOT NULL PRIMARY KEY,
          magnitude REAL,
          magnitude_type TEXT,
          time INTEGER NOT NULL,
          updated INTEGER NOT NULL,
          place TEXT,
          longitude REAL NOT NULL,
          latitude REAL NOT NULL,
          depth REAL,
          url TEXT,
          status TEXT,
          event_type TEXT
        ) WITHOUT ROWID;
        CREATE INDEX quakes_time ON quakes (time);
        CREATE INDEX quakes_magnitude ON quakes (magnitude);
        CREATE TABLE feeds (
          name TEXT NOT NULL PRIMARY KEY,
          etag TEXT,
          last_modified TEXT,
          generated INTEGER,
          last_success INTEGER
        ) WITHOUT ROWID;
        """),
    SchemaMigration(
      version: 2,
      summary: "the views quakes_iso and feeds_iso, with times as ISO 8601 text",
      sql: """
        CREATE VIEW quakes_iso AS
        SELECT id, magnitude, magnitude_type,
          strftime('%Y-%m-%dT%H:%M:%fZ', time / 1000.0, 'unixepoch') AS time,
          strftime('%Y-%m-%dT%H:%M:%fZ', updated / 1000.0, 'unixepoch') AS updated,
          place, longitude, latitude, depth, url, status, event_type
        FROM quakes;
        CREATE VIEW feeds_iso AS
        SELECT name, etag, last_modified,
          strftime('%Y-%m-%dT%H:%M:%fZ', generated / 1000.0, 'unixepoch') AS generated,
          strftime('%Y-%m-%dT%H:%M:%fZ', last_success / 1000.0, 'unixepoch') AS last_success
        FROM feeds;
        """),
    SchemaMigration(
      version: 3,
      summary: "every property of a USGS summary feature: impact, solution quality and catalogue columns",
      sql: """
        ALTER TABLE quakes ADD COLUMN title TEXT;
        ALTER TABLE quakes ADD COLUMN felt INTEGER;
        ALTER TABLE quakes ADD COLUMN cdi REAL;
        ALTER TABLE quakes ADD COLUMN mmi REAL;
        ALTER TABLE quakes ADD COLUMN alert TEXT;
        ALTER TABLE quakes ADD COLUMN tsunami INTEGER;
        ALTER TABLE quakes ADD COLUMN significance INTEGER;
        ALTER TABLE quakes ADD COLUMN network TEXT;
        ALTER TABLE quakes ADD COLUMN code TEXT;
        ALTER TABLE quakes ADD COLUMN ids TEXT;
        ALTER TABLE quakes ADD COLUMN sources TEXT;
        ALTER TABLE quakes ADD COLUMN product_types TEXT;
        ALTER TABLE quakes ADD COLUMN detail TEXT;
        ALTER TABLE quakes ADD COLUMN time_zone_offset INTEGER;
        ALTER TABLE quakes ADD COLUMN station_count INTEGER;
        ALTER TABLE quakes ADD COLUMN minimum_distance REAL;
        ALTER TABLE quakes ADD COLUMN root_mean_square REAL;
        ALTER TABLE quakes ADD COLUMN azimuthal_gap REAL;
        DROP VIEW quakes_iso;
        CREATE VIEW quakes_iso AS
        SELECT id, magnitude, magnitude_type,
          strftime('%Y-%m-%dT%H:%M:%fZ', time / 1000.0, 'unixepoch') AS time,
          strftime('%Y-%m-%dT%H:%M:%fZ', updated / 1000.0, 'unixepoch') AS updated,
          place, longitude, latitude, depth, url, status, event_type,
          title, felt, cdi, mmi, alert, tsunami, significance, network, code, ids, sources, product_types,
          detail, time_zone_offset, station_count, minimum_distance, root_mean_square, azimuthal_gap
        FROM quakes;
        """),
    SchemaMigration(
      version: 4,
      summary: "the R*Tree quakes_rtree over the epicentres, for box queries from scripts",
      sql: """
        CREATE VIRTUAL TABLE quakes_rtree USING rtree(
          key, min_latitude, max_latitude, min_longitude, max_longitude, +id TEXT
        );
        INSERT OR REPLACE INTO quakes_rtree (key, min_latitude, max_latitude, min_longitude, max_longitude, id)
          SELECT quakesd_spatial_key(id), latitude, latitude, longitude, longitude, id FROM quakes;
        """,
      functions: [SpatialIndexTable.keyFunction]),
    SchemaMigration(
      version: 5,
      summary: "the alert outbox: alert_firings, alert_deliveries and alert_attempts",
      sql: """
        CREATE TABLE alert_firings (
          id INTEGER PRIMARY KEY,
          rule TEXT NOT NULL,
          event TEXT NOT NULL,
          quake_id TEXT NOT NULL,
          version INTEGER NOT NULL,
          fired INTEGER NOT NULL,
          payload TEXT NOT NULL,
          urgent INTEGER NOT NULL DEFAULT 0,
          released INTEGER
        );
        CREATE UNIQUE INDEX alert_firings_once ON alert_firings (rule, quake_id, event)
          WHERE event IN ('new', 'deleted');
        CREATE UNIQUE INDEX alert_firings_upgrades ON alert_firings (rule, quake_id, event, version)
          WHERE event = 'upgraded';
        CREATE INDEX alert_firings_fired ON alert_firings (fired);
        CREATE TABLE alert_deliveries (
          firing INTEGER NOT NULL REFERENCES alert_firings (id) ON DELETE CASCADE,
          channel TEXT NOT NULL,
          state TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt INTEGER,
          finished INTEGER,
          last_error TEXT,
          PRIMARY KEY (firing, channel)
        ) WITHOUT ROWID;
        CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt) WHERE state IN ('pending', 'held');
        CREATE INDEX alert_firings_released ON alert_firings (rule, released) WHERE released IS NOT NULL;
        CREATE TABLE alert_attempts (
          firing INTEGER NOT NULL REFERENCES alert_firings (id) ON DELETE CASCADE,
          channel TEXT NOT NULL,
          number INTEGER NOT NULL,
          started INTEGER NOT NULL,
          milliseconds INTEGER NOT NULL,
          outcome TEXT NOT NULL,
          detail TEXT,
          PRIMARY KEY (firing, channel, number)
        ) WITHOUT ROWID;
        """),
    SchemaMigration(
      version: 6,
      summary: "history_jobs: the checkpoint of the last backfill and the last reconciliation",
      sql: """
        CREATE TABLE history_jobs (
          kind TEXT PRIMARY KEY,
          query TEXT NOT NULL,
          phase TEXT NOT NULL,
          error TEXT,
          started INTEGER NOT NULL,
          updated INTEGER NOT NULL,
          finished INTEGER,
          cursor INTEGER NOT NULL,
          windows_done INTEGER NOT NULL,
          events_fetched INTEGER NOT NULL,
          events_written INTEGER NOT NULL,
          events_removed INTEGER NOT NULL,
          events_expected INTEGER
        ) WITHOUT ROWID;
        """),
    SchemaMigration(
      version: 7,
      summary: "indexes for every documented question: significance, depth, the impact fields, and the "
        + "network, event type and magnitude type lower-cased, each with time",
      sql: """
        ALTER TABLE quakes ADD COLUMN network_key TEXT;
        ALTER TABLE quakes ADD COLUMN event_type_key TEXT;
        ALTER TABLE quakes ADD COLUMN magnitude_type_key TEXT;
        UPDATE quakes SET
          network_key = quakesd_name_key(network),
          event_type_key = quakesd_name_key(event_type),
          magnitude_type_key = quakesd_name_key(magnitude_type);
        CREATE INDEX quakes_network ON quakes (network_key, time);
        CREATE INDEX quakes_event_type ON quakes (event_type_key, time);
        CREATE INDEX quakes_magnitude_type ON quakes (magnitude_type_key, time);
        CREATE INDEX quakes_significance ON quakes (significance);
        CREATE INDEX quakes_depth ON quakes (depth);
        CREATE INDEX quakes_felt ON quakes (felt) WHERE felt IS NOT NULL;
        CREATE INDEX quakes_cdi ON quakes (cdi) WHERE cdi IS NOT NULL;
        CREATE INDEX quakes_mmi ON quakes (mmi) WHERE mmi IS NOT NULL;
        CREATE INDEX quakes_alert ON quakes (alert, time) WHERE alert IS NOT NULL;
        CREATE INDEX quakes_tsunami ON quakes (time) WHERE tsunami = 1;
        """,
      functions: [NameKey.function]),
    SchemaMigration(
      version: 8,
      summary: "the full-text index quakes_search of the places, folded, for search",
      sql: """
        CREATE VIRTUAL TABLE quakes_search USING fts5(place, id UNINDEXED, tokenize = 'trigram case_sensitive 1');
        INSERT OR REPLACE INTO quakes_search (rowid, place, id)
          SELECT quakesd_spatial_key(id), quakesd_folded_place(place), id FROM quakes WHERE place IS NOT NULL;
        """,
      functions: [SpatialIndexTable.keyFunction, SearchIndexTable.foldFunction]),
    SchemaMigration(
      version: 9,
      summary: "indexes by time of the quakes with felt reports, a community intensity or a ShakeMap intensity",
      sql: """
        CREATE INDEX quakes_felt_time ON quakes (time) WHERE felt IS NOT NULL;
        CREATE INDEX quakes_cdi_time ON quakes (time) WHERE cdi IS NOT NULL;
        CREATE INDEX quakes_mmi_time ON quakes (time) WHERE mmi IS NOT NULL;
        """),
    SchemaMigration(
      version: 10,
      summary: "quakes_count, the number of rows of quakes, kept by triggers (a start reads it instead of counting)",
      sql: """
        CREATE TABLE IF NOT EXISTS quakes_count (n INTEGER NOT NULL);
        DELETE FROM quakes_count;
        INSERT INTO quakes_count (n) SELECT count(*) FROM quakes;
        CREATE TRIGGER IF NOT EXISTS quakes_count_insert AFTER INSERT ON quakes
          BEGIN UPDATE quakes_count SET n = n + 1; END;
        CREATE TRIGGER IF NOT EXISTS quakes_count_delete AFTER DELETE ON quakes
          BEGIN UPDATE quakes_count SET n = n - 1; END;
        """),
    SchemaMigration(
      version: 11,
      summary: "quakes_magnitude on (magnitude, time): a count by magnitude and time reads the index alone",
      sql: """
        DROP INDEX IF EXISTS quakes_magnitude;
        CREATE INDEX quakes_magnitude ON quakes (magnitude, time);
        """),
  ]

  /// The version this quakesd writes: the last step's.
  static var currentVersion: Int { self.migrations.last?.version ?? 0 }

  /// The tables every quakesd database has, whatever its version.
  static let requiredTables: Set<String> = ["quakes", "feeds"]

  /// Brings the database of `db` to ``currentVersion``, inside the caller's
  /// transaction: either every step applies, or none does.
  ///
  /// - Throws: ``SQLiteLocalStoreError`` when the database is not a quakesd
  ///   database or was written by a newer quakesd; then nothing was written.
  static func migrate(_ db: Database, path: String) throws {
    let inspection = try SchemaInspection(db)
    let fromVersion = try inspection.versionToMigrate(path: path)
    for migration in self.migrations where migration.version > fromVersion {
      for function in migration.functions { db.add(function: function) }
      try db.execute(sql: migration.sql)
      try db.execute(sql: "PRAGMA user_version = \(migration.version)")
    }
    if fromVersion == 0 {
      try db.execute(sql: "PRAGMA application_id = \(self.applicationID)")
    }
    // The derived indexes and the count come from `quakes`: one dropped by
    // hand (to save its write cost, say) is built again, not a reason to
    // fail writes.
    for (version, table) in [(4, "quakes_rtree"), (8, "quakes_search"), (10, "quakes_count")]
    where fromVersion >= version {
      guard !inspection.objects.contains(table), let step = self.migrations.first(where: { $0.version == version })
      else { continue }
      for function in step.functions { db.add(function: function) }
      try db.execute(sql: step.sql)
    }
  }
}
