import Foundation

/// Text folded for searching: lower case, without diacritics, as UTF-8.
///
/// The seed left case- and diacritic-insensitive search as a TODO; here
/// "san jose" finds "San José" and "PAHALA" finds "Pāhala". A filter folds
/// its text once with Foundation. The places it is looked for in are folded
/// as they are read, without Foundation: ASCII (most of every feed) needs
/// only its letters lowered, and a Latin letter with diacritics or a
/// combining mark is looked up in ``Folding``, a table Foundation filled
/// once. Only a place with a character outside that table is folded by
/// Foundation, as the seed's way would.
///
/// It is `package` because QuakesSQLite's `quakesd_found_in` SQL function
/// calls ``isFound(in:)`` too, so that a search answered by the database
/// folds exactly as the matcher does.
package struct SearchText: Hashable, Sendable {
  /// The folded text, as UTF-8.
  package let bytes: [UInt8]

  /// `text`, folded.
  package init(_ text: String) {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      self.bytes = text.utf8.map(Folding.lowercased)
    } else {
      self.bytes = Array(Folding.byFoundation(text).utf8)
    }
  }

  /// A text already folded: the ``bytes`` of another `SearchText` (as a
  /// SQL function receives them, once per row, without folding them again).
  package init(folded bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether the folded text is empty, so that it is found everywhere.
  package var isEmpty: Bool { self.bytes.isEmpty }

  /// Whether `other` occurs in this text.
  func contains(_ other: SearchText) -> Bool {
    other.isEmpty || Self.occurs(other.bytes[...], in: self.bytes[...])
  }

  /// Whether this text occurs in `text` once both are folded.
  package func isFound(in text: String) -> Bool {
    guard !self.bytes.isEmpty else { return true }
    var text = text
    let found = text.withUTF8 { haystack -> Bool? in
      if haystack.allSatisfy({ $0 < 0x80 }) {
        return self.isFound(inASCII: haystack)
      }
      guard let folded = Folding.table.fold(haystack) else { return nil }
      return Self.occurs(self.bytes[...], in: folded[...])
    }
    return found ?? SearchText(text).contains(self)
  }

  /// `text` folded as ``isFound(in:)`` folds the text it looks in: what a
  /// search text must occur in, byte for byte, to be found there. The
  /// database's full-text index of places holds this (QuakesSQLite's
  /// `SearchIndexTable`), so that it finds what the matcher finds.
  package static func foldedHaystack(_ text: String) -> [UInt8] {
    var text = text
    let folded = text.withUTF8 { utf8 -> [UInt8]? in
      if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.map(Folding.lowercased) }
      return Folding.table.fold(utf8)
    }
    return folded ?? SearchText(text).bytes
  }

  /// Whether this text occurs in ASCII `haystack`, ignoring its case.
  private func isFound(inASCII haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    let needle = self.bytes
    guard needle.count <= haystack.count else { return false }
    let first = needle[0]
    for start in 0...(haystack.count - needle.count) where Folding.lowercased(haystack[start]) == first {
      var offset = 1
      while offset < needle.count, Folding.lowercased(haystack[start + offset]) == needle[offset] {
        offset += 1
      }
      if offset == needle.count { return true }
    }
    return false
  }

  /// Whether `needle` occurs in `haystack`, byte for byte.
  private static func occurs(_ needle: ArraySlice<UInt8>, in haystack: ArraySlice<UInt8>) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    var start = haystack.startIndex
    while start <= haystack.endIndex - needle.count {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
      start += 1
    }
    return false
  }

  /// Whether `text` lowercased is `lowercase` (event types, magnitude
  /// types, networks): compared byte by byte when `text` is ASCII, without
  /// making a lowercased copy.
  package static func lowercased(_ text: String, equals lowercase: String) -> Bool {
    let utf8 = text.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() == lowercase }
    return utf8.elementsEqual(lowercase.utf8) { Folding.lowercased($0) == $1 }
  }
}
