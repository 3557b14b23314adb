import Foundation
import PostgresNIO
import QuakesData
import QuakesModel

/// How a ``FeedRecord`` is stored in the store's `feeds` table, one row per
/// feed name, as in the SQLite file.
enum FeedsTable {
  static let columns = ["name", "etag", "last_modified", "generated", "last_success"]

  static let selectAllSQL: PostgresQuery = "SELECT name, etag, last_modified, generated, last_success FROM feeds"

  /// Inserts or replaces the record of `feed`; with `unlessValidatorsMatch`,
  /// an existing row whose validators are the record's is left alone.
  static func upsert(feed: QuakesFeed, record: FeedRecord, unlessValidatorsMatch: Bool) -> PostgresQuery {
    var binds = PostgresBindings()
    binds.append(feed.name)
    binds.append(QuakesTable.storable(record.validators.etag))
    binds.append(QuakesTable.storable(record.validators.lastModified))
    binds.append(record.generated.map(Timestamp.milliseconds))
    binds.append(record.lastSuccess.map(Timestamp.milliseconds))
    let condition =
      unlessValidatorsMatch
      ? " WHERE feeds.etag IS DISTINCT FROM excluded.etag OR feeds.last_modified IS DISTINCT FROM excluded.last_modified"
      : ""
    return PostgresQuery(
      unsafeSQL: """
        INSERT INTO feeds (name, etag, last_modified, generated, last_success) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (name) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
          generated = excluded.generated, last_success = excluded.last_success
        """ + condition, binds: binds)
  }

  /// Forgets what a purge makes stale: the validators and the last `metadata.generated`.
  static let forgetBatchesSQL: PostgresQuery = "UPDATE feeds SET etag = NULL, last_modified = NULL, generated = NULL"

  /// The feed and record of a row of ``selectAllSQL``; `nil` for a feed
  /// this quakesd does not know.
  static func record(_ row: PostgresRow) throws -> (feed: QuakesFeed, record: FeedRecord)? {
    var reader = PostgresRowReader(row, table: "feeds", columns: Self.columns)
    let name = try reader.text(0)
    guard let feed = QuakesFeed(name: name) else { return nil }
    reader.name(name)
    let time = QuakeRanges.milliseconds
    return (
      feed,
      FeedRecord(
        validators: FeedValidators(etag: try reader.optionalText(1), lastModified: try reader.optionalText(2)),
        generated: try reader.optionalInteger(3, in: time).map(Timestamp.date(milliseconds:)),
        lastSuccess: try reader.optionalInteger(4, in: time).map(Timestamp.date(milliseconds:)))
    )
  }
}
