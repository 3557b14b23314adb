import Foundation

/// Text folded for searching: lower case, without diacritics, as UTF-8.
///
/// The seed left case- and diacritic-insensitive search as a TODO; here
/// "san jose" finds "San José" and "PAHALA" finds "Pāhala". A filter folds
/// its text once; each place it is looked for in is read in place, without
/// a copy, when it is ASCII (most of every feed), and folded by Foundation
/// only otherwise.
struct SearchText: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ text: String) {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      self.bytes = text.utf8.map(Self.lowercased)
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

  /// Whether this text occurs in `text` once both are folded.
  func isFound(in text: String) -> Bool {
    guard !self.bytes.isEmpty else { return true }
    var utf8 = text
    let found = utf8.withUTF8 { haystack -> Bool? in
      haystack.allSatisfy({ $0 < 0x80 }) ? self.isFound(inASCII: haystack) : nil
    }
    return found ?? SearchText(text).contains(self)
  }

  /// Whether this text occurs in ASCII `haystack`, ignoring its case.
  private func isFound(inASCII haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    let needle = self.bytes
    guard needle.count <= haystack.count else { return false }
    let first = needle[0]
    for start in 0...(haystack.count - needle.count) where Self.lowercased(haystack[start]) == first {
      var offset = 1
      while offset < needle.count, Self.lowercased(haystack[start + offset]) == needle[offset] {
        offset += 1
      }
      if offset == needle.count { return true }
    }
    return false
  }

  /// Whether `text` lowercased is `lowercase` (event types, magnitude
  /// types, networks): compared byte by byte when `text` is ASCII, without
  /// making a lowercased copy.
  static func lowercased(_ text: String, equals lowercase: String) -> Bool {
    let utf8 = text.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() == lowercase }
    return utf8.elementsEqual(lowercase.utf8) { Self.lowercased($0) == $1 }
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
