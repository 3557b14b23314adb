import Foundation
import GRDB

/// The form in which `quakes` keeps the network, event type and magnitude
/// type a second time, so that their filters can be answered by an index:
/// lower-cased as Swift lower-cases (Unicode, not ASCII alone like SQLite's
/// `lower()`) and in Unicode normalization form C.
///
/// The matcher compares `text.lowercased()` with the filter's lower-cased
/// value as Swift strings, which are equal when they are canonically
/// equivalent; two strings are canonically equivalent exactly when their NFC
/// forms are the same bytes. So comparing keys byte for byte in SQL answers
/// as the matcher does, and `QueryDifferentialTests` holds it to that.
enum NameKey {
  /// The key of `text`; `nil` for `nil`.
  static func of(_ text: String?) -> String? {
    text.map { $0.lowercased().precomposedStringWithCanonicalMapping }
  }

  /// The name of ``function``.
  static let functionName = "quakesd_name_key"

  /// ``of(_:)`` as a SQL function, for the migration that fills the keys of
  /// the rows a file already holds.
  static let function = DatabaseFunction(functionName, argumentCount: 1, pure: true) { values in
    Self.of(String.fromDatabaseValue(values[0]))
  }
}
