/// One `String` for each distinct text the decoder meets in members whose
/// texts repeat from feature to feature (`sources`, `types`), so the quakes
/// of a feed share their storage instead of holding a copy each.
///
/// A fixed table of ``capacity`` slots indexed by a hash of the bytes,
/// probed a few slots on: a text that finds no slot is made but not
/// kept, so a feed of all-different texts costs no more than without it.
struct TextInterner {
  /// The slots of the table (a power of two).
  static let capacity = 1_024
  /// How many slots after its own a text may take.
  private static let probes = 4

  private var slots = [String?](repeating: nil, count: Self.capacity)

  /// The string whose UTF-8 is `bytes`: a kept one when there is one.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    // FNV-1a over the length and at most the first and last eight bytes:
    // enough to tell a feed's few texts apart, whose lengths mostly differ.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    for byte in bytes.prefix(8) {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    for byte in bytes.suffix(8) {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let home = Int(truncatingIfNeeded: hash) & (Self.capacity - 1)
    for probe in 0..<Self.probes {
      let slot = (home &+ probe) & (Self.capacity - 1)
      guard let kept = self.slots[slot] else {
        let text = String(decoding: bytes, as: UTF8.self)
        self.slots[slot] = text
        return text
      }
      if Self.text(kept, equals: bytes) { return kept }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The string whose UTF-8 is `bytes`: a kept one when there is one.
  mutating func string(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { self.string($0) }
  }

  private static func text(_ text: String, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var text = text
    guard text.utf8.count == bytes.count else { return false }
    return text.withUTF8 { $0.elementsEqual(bytes) }
  }
}
