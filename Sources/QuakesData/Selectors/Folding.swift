import Foundation

/// How ``SearchText`` folds the text of places: each Unicode scalar of the
/// Latin blocks (U+0080–U+024F) and each combining diacritical mark
/// (U+0300–U+036F) mapped once, at first use, to what Foundation's case-
/// and diacritic-insensitive folding makes of it ("Ā" → "a", a combining
/// acute → nothing), so that a place is folded by table lookups.
///
/// A scalar outside the table, or one whose folding is not its own (it
/// would depend on its neighbours), makes ``fold(_:)`` return `nil`, and
/// the caller folds the whole text with Foundation instead.
package struct Folding: Sendable {
  /// The folded UTF-8 of each scalar from ``first`` on; `nil` where the
  /// table does not know.
  private let folded: [[UInt8]?]
  private static let first: UInt32 = 0x80
  private static let last: UInt32 = 0x36F
  private static let combiningMarks: ClosedRange<UInt32> = 0x300...0x36F

  /// The table, built on first use.
  package static let table = Folding()

  private init() {
    self.folded = (Self.first...Self.last).map { value in
      // A combining mark goes with the character before it, diacritics and all.
      if Self.combiningMarks.contains(value) { return [] }
      guard let scalar = Unicode.Scalar(value), !(0x250...0x2FF).contains(value) else { return nil }
      let folded = Array(Self.byFoundation(String(Character(scalar))).utf8)
      // A scalar that folds to more than a few bytes is left to Foundation.
      return folded.count <= 4 ? folded : nil
    }
  }

  /// `utf8` folded; `nil` when a scalar of it is not in the table.
  package func fold(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(utf8.count)
    var iterator = utf8.makeIterator()
    var decoder = Unicode.UTF8()
    var previousIsLatin = false
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if Self.combiningMarks.contains(scalar.value) {
          // Marks go with the Latin character before them; alone, or after
          // anything else, they are left to Foundation.
          guard previousIsLatin else { return nil }
          continue
        }
        if scalar.value < Self.first {
          result.append(Self.lowercased(UInt8(scalar.value)))
          previousIsLatin = true
        } else if scalar.value <= Self.last, let folded = self.folded[Int(scalar.value - Self.first)] {
          result += folded
          previousIsLatin = String(decoding: folded, as: UTF8.self).unicodeScalars.allSatisfy { $0.value <= 0x24F }
        } else {
          return nil
        }
      case .emptyInput:
        return result
      case .error:
        return nil
      }
    }
  }

  /// `text` folded by Foundation: lower case, without diacritics.
  package static func byFoundation(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// An ASCII byte with its letter lowered.
  static func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
