import Foundation
import GRDB
import QuakesData
import QuakesModel

/// `quakes_search`: a full-text index (FTS5, trigram tokenizer) of every
/// place, so that `search` reads the quakes whose place holds the text
/// instead of testing every place in the file.
///
/// Each row holds a place folded as the matcher folds the text it looks in
/// (`SearchText.foldedHaystack`: lower case, without diacritics), and the
/// quake's id, under the quake's spatial key (``SpatialIndexTable/key(of:)``,
/// so no lookup is needed to write it). A search text folded the same way,
/// of 3 characters or more, occurs in a place exactly when the trigram
/// index finds it as a phrase; a shorter one has no trigram, and is tested
/// on each row instead. quakesd writes the index in the same transaction
/// as `quakes`. Two ids whose keys collide share one entry, as in the
/// R*Tree: such a quake can be missed by a search, never returned wrongly.
enum SearchIndexTable {
  /// Inserts the entry of one quake (after ``deleteSQL`` of its key).
  static let insertSQL = "INSERT INTO quakes_search (rowid, place, id) VALUES (?, ?, ?)"
  /// Deletes the entry of one key.
  static let deleteSQL = "DELETE FROM quakes_search WHERE rowid = ?"
  /// Deletes every entry.
  static let deleteAllSQL = "DELETE FROM quakes_search"

  /// The condition that the quake's id is among those whose place holds
  /// the phrase its argument names (``phrase(_:)``).
  static let matchCondition = "id IN (SELECT id FROM quakes_search WHERE quakes_search MATCH ?)"

  /// The entry of `quake`, in ``insertSQL``'s order; `nil` for a quake without a place.
  static func arguments(_ quake: Quake) -> StatementArguments? {
    guard let place = quake.place else { return nil }
    return [SpatialIndexTable.key(of: quake.id), Self.folded(place), quake.id]
  }

  /// `place` as the index holds it.
  static func folded(_ place: String) -> String {
    String(decoding: SearchText.foldedHaystack(place), as: UTF8.self)
  }

  /// The FTS5 query that finds `search` in the index: the folded text as
  /// one phrase; `nil` when it is shorter than a trigram (3 characters) or
  /// holds a NUL, which ends an FTS5 query (a search from the socket may:
  /// `"\u0000"` is valid JSON). Without a phrase, each place is tested.
  static func phrase(_ search: SearchText) -> String? {
    let text = String(decoding: search.bytes, as: UTF8.self)
    guard text.unicodeScalars.count >= 3, !search.bytes.contains(0) else { return nil }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The name of ``foldFunction``.
  static let foldFunctionName = "quakesd_folded_place"

  /// ``folded(_:)`` as a SQL function, for the migration that fills the
  /// index from the rows a file already holds.
  static let foldFunction = DatabaseFunction(foldFunctionName, argumentCount: 1, pure: true) { values in
    String.fromDatabaseValue(values[0]).map(Self.folded)
  }
}
