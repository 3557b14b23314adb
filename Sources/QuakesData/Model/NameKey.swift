import Foundation

/// The form in which a store keeps the network, event type and magnitude
/// type a second time, so that their filters can be answered by an index:
/// lower-cased as Swift lower-cases (Unicode, not ASCII alone like SQL's
/// `lower()`) and in Unicode normalization form C.
///
/// The matcher compares `text.lowercased()` with the filter's lower-cased
/// value as Swift strings, which are equal when they are canonically
/// equivalent; two strings are canonically equivalent exactly when their NFC
/// forms are the same bytes. So comparing keys byte for byte in SQL answers
/// as the matcher does, and each store's differential test holds it to that.
public enum NameKey {
  /// The key of `text`; `nil` for `nil`.
  public static func of(_ text: String?) -> String? {
    text.map { $0.lowercased().precomposedStringWithCanonicalMapping }
  }
}
