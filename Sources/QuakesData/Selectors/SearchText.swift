import Foundation

/// Text folded for searching: lower case, without diacritics, as UTF-8.
///
/// The seed left case- and diacritic-insensitive search as a TODO; here
/// "san jose" finds "San José" and "PAHALA" finds "Pāhala". ASCII text, most
/// of every feed, takes a fast path without Foundation.
struct SearchText: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ text: String) {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      self.bytes = text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    } else {
      let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      self.bytes = Array(folded.utf8)
    }
  }

  var isEmpty: Bool { self.bytes.isEmpty }

  /// Whether `other` occurs in this text.
  func contains(_ other: SearchText) -> Bool {
    other.isEmpty || self.bytes.firstRange(of: other.bytes) != nil
  }
}
