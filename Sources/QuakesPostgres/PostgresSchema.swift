import Logging
import PostgresNIO

/// The schema of a PostgreSQL store (docs/schema.md, "PostgreSQL"): the
/// tables of the SQLite file with PostgreSQL's types (times are still
/// epoch milliseconds, as `bigint`), and the two rows that let many
/// quakesd share one store: the leader's lease (``LeaderLease``) and the
/// head of the change sequence (``FencedTransaction``).
///
/// Its version is the row of `quakesd_schema`. Every quakesd migrates on
/// start, in one transaction that first takes a transaction-scoped advisory
/// lock, so that instances starting together migrate one after the other:
/// the first applies the steps, the others find them applied.
package enum PostgresSchema {
  /// One step: the SQL that takes the schema from the version before to `version`.
  struct Migration: Sendable {
    let version: Int
    let summary: String
    let statements: [String]
  }

  /// The key of the advisory lock migrations take: "quakesd" in ASCII.
  static let migrationLock: Int64 = 0x71_75_61_6B_65_73_64

  static let migrations: [Migration] = [
    Migration(
      version: 1,
      summary: "quakes, feeds and history_jobs as in the SQLite file; the leader's lease and the change sequence",
      statements: [
        """
        CREATE TABLE quakes (
          id text PRIMARY KEY,
          magnitude double precision,
          magnitude_type text,
          time bigint NOT NULL,
          updated bigint NOT NULL,
          place text,
          longitude double precision NOT NULL,
          latitude double precision NOT NULL,
          depth double precision,
          url text,
          status text,
          event_type text,
          title text,
          felt bigint,
          cdi double precision,
          mmi double precision,
          alert text,
          tsunami integer,
          significance bigint,
          network text,
          code text,
          ids text,
          sources text,
          product_types text,
          detail text,
          time_zone_offset bigint,
          station_count bigint,
          minimum_distance double precision,
          root_mean_square double precision,
          azimuthal_gap double precision,
          network_key text,
          event_type_key text,
          magnitude_type_key text
        )
        """,
        "CREATE INDEX quakes_time ON quakes (time)",
        "CREATE INDEX quakes_magnitude ON quakes (magnitude, time)",
        "CREATE INDEX quakes_network ON quakes (network_key, time)",
        """
        CREATE TABLE feeds (
          name text PRIMARY KEY,
          etag text,
          last_modified text,
          generated bigint,
          last_success bigint
        )
        """,
        """
        CREATE TABLE history_jobs (
          kind text PRIMARY KEY,
          query text NOT NULL,
          phase text NOT NULL,
          error text,
          started bigint NOT NULL,
          updated bigint NOT NULL,
          finished bigint,
          cursor bigint NOT NULL,
          windows_done bigint NOT NULL,
          events_fetched bigint NOT NULL,
          events_written bigint NOT NULL,
          events_removed bigint NOT NULL,
          events_expected bigint
        )
        """,
        // One row: who leads, in which term (`epoch`, never reused), until
        // when by the database's clock.
        """
        CREATE TABLE quakesd_lease (
          id integer PRIMARY KEY CHECK (id = 1),
          holder text,
          epoch bigint NOT NULL,
          expires_at timestamptz NOT NULL
        )
        """,
        "INSERT INTO quakesd_lease (id, holder, epoch, expires_at) VALUES (1, NULL, 0, to_timestamp(0))",
        // One row: the number of the last write any leader committed, and its term.
        """
        CREATE TABLE quakesd_head (
          id integer PRIMARY KEY CHECK (id = 1),
          sequence bigint NOT NULL,
          epoch bigint NOT NULL
        )
        """,
        "INSERT INTO quakesd_head (id, sequence, epoch) VALUES (1, 0, 0)",
      ]),
    Migration(
      version: 2,
      summary: "the change each quake and removal was written in, for followers; the alert outbox",
      statements: [
        // The change (the head's sequence) that last wrote each row: a
        // follower that applied changes up to N reads the rows of N + 1 on.
        "ALTER TABLE quakes ADD COLUMN changed bigint NOT NULL DEFAULT 0",
        "CREATE INDEX quakes_changed ON quakes (changed)",
        // The quakes deleted, by the change that deleted them; a quake
        // written again leaves this table.
        "CREATE TABLE quakes_removed (id text PRIMARY KEY, changed bigint NOT NULL)",
        "CREATE INDEX quakes_removed_changed ON quakes_removed (changed)",
        // The last change that deleted every quake: a follower behind it loads anew.
        "ALTER TABLE quakesd_head ADD COLUMN purged bigint NOT NULL DEFAULT 0",
        """
        CREATE TABLE alert_firings (
          id bigserial PRIMARY KEY,
          rule text NOT NULL,
          event text NOT NULL,
          quake_id text NOT NULL,
          version bigint NOT NULL,
          fired bigint NOT NULL,
          payload text NOT NULL,
          urgent integer NOT NULL DEFAULT 0,
          released bigint
        )
        """,
        """
        CREATE UNIQUE INDEX alert_firings_once ON alert_firings (rule, quake_id, event)
        WHERE event IN ('new', 'deleted')
        """,
        """
        CREATE UNIQUE INDEX alert_firings_upgrades ON alert_firings (rule, quake_id, event, version)
        WHERE event = 'upgraded'
        """,
        "CREATE INDEX alert_firings_fired ON alert_firings (fired)",
        "CREATE INDEX alert_firings_released ON alert_firings (rule, released) WHERE released IS NOT NULL",
        """
        CREATE TABLE alert_deliveries (
          firing bigint NOT NULL REFERENCES alert_firings (id) ON DELETE CASCADE,
          channel text NOT NULL,
          state text NOT NULL,
          attempts integer NOT NULL DEFAULT 0,
          next_attempt bigint,
          finished bigint,
          last_error text,
          PRIMARY KEY (firing, channel)
        )
        """,
        "CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt) WHERE state IN ('pending', 'held')",
        """
        CREATE TABLE alert_attempts (
          firing bigint NOT NULL,
          channel text NOT NULL,
          number integer NOT NULL,
          started bigint NOT NULL,
          milliseconds bigint NOT NULL,
          outcome text NOT NULL,
          detail text,
          PRIMARY KEY (firing, channel, number),
          FOREIGN KEY (firing, channel) REFERENCES alert_deliveries (firing, channel) ON DELETE CASCADE
        )
        """,
      ]),
    Migration(
      version: 3,
      summary: "when the last change was committed, by the database's clock: how far behind a follower is",
      statements: ["ALTER TABLE quakesd_head ADD COLUMN committed_at timestamptz"]),
    Migration(
      version: 4,
      summary: "the change that created each quake, and the whole row of each removed one, for followers' watchers",
      statements: [
        // The change that inserted the row: a follower tells a new quake from an updated one.
        "ALTER TABLE quakes ADD COLUMN created bigint NOT NULL DEFAULT 0",
        // A removed quake's last row, so that a follower's filtered watchers
        // can tell whether it matched. It has the columns of `quakes`: a
        // later step that adds one to `quakes` adds it here too.
        "DROP TABLE quakes_removed",
        "CREATE TABLE quakes_removed (LIKE quakes INCLUDING DEFAULTS)",
        "ALTER TABLE quakes_removed ADD PRIMARY KEY (id)",
        "CREATE INDEX quakes_removed_changed ON quakes_removed (changed)",
        // The last change whose removals may be gone (pruned, or dropped
        // just above): a follower behind it loads anew.
        "ALTER TABLE quakesd_head ADD COLUMN removals_since bigint NOT NULL DEFAULT 0",
        "UPDATE quakesd_head SET removals_since = sequence",
      ]),
  ]

  /// The version this quakesd writes: the last step's.
  package static var currentVersion: Int { self.migrations.last?.version ?? 0 }

  /// Brings the store's schema to ``currentVersion``; returns the version
  /// it found.
  ///
  /// - Throws: ``PostgresStoreError`` when the store was written by a newer
  ///   quakesd, or a statement fails.
  @discardableResult
  static func migrate(on connection: PostgresConnection, logger: Logger) async throws -> Int {
    try await PostgresStore.transaction(on: connection, logger: logger) { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))")
      try await connection.query(
        "CREATE TABLE IF NOT EXISTS quakesd_schema (id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL)")
      let found =
        try await connection.query("SELECT version FROM quakesd_schema WHERE id = 1").first?.decode(Int.self)
        ?? 0
      guard found <= Self.currentVersion else {
        throw PostgresStoreError(
          "the store's schema is version \(found), written by a newer quakesd; this one knows up to "
            + "\(Self.currentVersion): upgrade quakesd on this host")
      }
      for migration in Self.migrations where migration.version > found {
        for statement in migration.statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement))
        }
        logger.info("migrated the store to schema \(migration.version): \(migration.summary)")
      }
      if found < Self.currentVersion {
        try await connection.query(
          """
          INSERT INTO quakesd_schema (id, version) VALUES (1, \(Self.currentVersion))
          ON CONFLICT (id) DO UPDATE SET version = excluded.version
          """)
      }
      return found
    }
  }
}
