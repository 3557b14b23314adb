import PostgresNIO
import QuakesData
import QuakesModel

/// The alert outbox in the store, as in the SQLite file: `alert_firings`,
/// `alert_deliveries` and `alert_attempts`. Firings are written in the
/// transaction of the diff that caused them, once: the partial unique
/// indexes let a rule fire `new` and `deleted` once per quake and
/// `upgraded` once per version, whichever instance writes.
enum AlertTables {
  /// Writes `firings` on `connection`, inside the caller's transaction:
  /// each firing the unique indexes let in gets a pending delivery per
  /// channel, due at once. A `new` or `deleted` firing of a quake the rule
  /// already fired so under another of its ids is left out. Returns how
  /// many firings were written.
  static func write(_ firings: [AlertFiring], on connection: StoreConnection) async throws -> Int {
    var written = 0
    for firing in firings {
      if firing.trigger != .upgraded, let ids = firing.quake.catalog.ids?.elements {
        let others = ids.filter { $0 != firing.quake.id }.map(QuakesTable.storable)
        if !others.isEmpty {
          let fired = try await connection.query(
            "SELECT 1 FROM alert_firings WHERE rule = \(firing.rule) AND event = \(firing.trigger.rawValue) AND quake_id = ANY(\(others)) LIMIT 1"
          )
          if !fired.isEmpty { continue }
        }
      }
      let fired = Timestamp.milliseconds(firing.firedAt)
      let inserted = try await connection.query(
        """
        INSERT INTO alert_firings (rule, event, quake_id, version, fired, payload, urgent)
        VALUES (\(QuakesTable.storable(firing.rule)), \(firing.trigger.rawValue), \(QuakesTable.storable(firing.quake.id)),
          \(firing.version), \(fired), \(firing.eventJSON), \(firing.isUrgent ? 1 : 0))
        ON CONFLICT DO NOTHING RETURNING id
        """)
      guard let id = try inserted.first?.decode(Int64.self) else { continue }
      written += 1
      for channel in firing.channels {
        try await connection.query(
          """
          INSERT INTO alert_deliveries (firing, channel, state, attempts, next_attempt)
          VALUES (\(id), \(channel), 'pending', 0, \(fired))
          """)
      }
    }
    return written
  }
}
