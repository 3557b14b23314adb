import Foundation
import GRDB
import QuakesData
import QuakesModel

/// How a ``FeedRecord`` is stored in the `feeds` table, one row per feed
/// name: the HTTP validators verbatim, times as INTEGER epoch milliseconds.
enum FeedsTable {
  /// Inserts or replaces the record of one feed.
  static let upsertSQL = """
    INSERT INTO feeds (name, etag, last_modified, generated, last_success) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (name) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
      generated = excluded.generated, last_success = excluded.last_success
    """

  /// ``upsertSQL``, except that an existing row is left alone when its
  /// validators are those of `record`: a batch that changed no quake then
  /// dirties no page (and costs no fsync) unless the feed's validators moved.
  static let upsertUnlessValidatorsMatchSQL =
    upsertSQL + """

      WHERE etag IS NOT excluded.etag OR last_modified IS NOT excluded.last_modified
      """

  /// Every column, in the order of ``arguments(feed:record:)`` and ``record(_:)``.
  static let columns = ["name", "etag", "last_modified", "generated", "last_success"]

  /// Reads every row, columns in ``columns`` order.
  /// Forgets what a purge makes stale: the validators and the last
  /// `metadata.generated`, so the next poll of each feed is a full fetch.
  static let forgetBatchesSQL = "UPDATE feeds SET etag = NULL, last_modified = NULL, generated = NULL"

  static let selectAllSQL = "SELECT \(FeedsTable.columns.joined(separator: ", ")) FROM feeds"

  /// The values of the row of `feed`.
  static func arguments(feed: QuakesFeed, record: FeedRecord) -> StatementArguments {
    [
      feed.name,
      record.validators.etag,
      record.validators.lastModified,
      record.generated.map(Timestamp.milliseconds),
      record.lastSuccess.map(Timestamp.milliseconds),
    ]
  }

  /// The feed and record of a row read by ``selectAllSQL``; `nil` for a feed
  /// name this quakesd does not know (which it then does not poll either).
  ///
  /// - Throws: ``ColumnValueError`` when a column holds a value of the wrong
  ///   kind, or a time outside ``QuakeRanges/milliseconds``.
  static func record(_ row: Row) throws(ColumnValueError) -> (feed: QuakesFeed, record: FeedRecord)? {
    let reader = RowReader(row: row, table: "feeds", columns: Self.columns)
    guard let feed = QuakesFeed(name: try reader.text(0)) else { return nil }
    let record = FeedRecord(
      validators: FeedValidators(etag: try reader.optionalText(1), lastModified: try reader.optionalText(2)),
      generated: try reader.optionalInteger(3, in: QuakeRanges.milliseconds).map { Timestamp.date(milliseconds: $0) },
      lastSuccess: try reader.optionalInteger(4, in: QuakeRanges.milliseconds).map { Timestamp.date(milliseconds: $0) })
    return (feed, record)
  }
}
