import Glibc

/// A text a quake keeps only when it differs from the one USGS writes to a
/// pattern (`Quake.Storage.TextPattern`): most event page URLs, detail
/// URLs, titles and `ids` lists are that pattern filled in with the id, the
/// magnitude and the place, so they cost no memory of their own.
package enum DerivedText: Hashable, Sendable {
  /// USGS sent none.
  case absent
  /// Exactly the pattern's text.
  case standard
  /// Any other text, as sent.
  case verbatim(String)

  /// `text`, recognised as `standard` when it equals the pattern's text.
  package init(_ text: String?, standard: Quake.TextPattern?) {
    guard var text else {
      self = .absent
      return
    }
    let isStandard = standard.map { standard in
      text.withUTF8 { Self.bytes(UnsafeRawBufferPointer($0), equal: standard) }
    }
    self = isStandard == true ? .standard : .verbatim(text)
  }

  /// The text whose UTF-8 is `bytes`, recognised as `standard` without
  /// making a string when it equals the pattern's text (the decoder's path:
  /// most texts are standard, and then cost neither a string nor its check).
  package init(bytes: UnsafeRawBufferPointer, standard: Quake.TextPattern?) {
    if let standard, Self.bytes(bytes, equal: standard) {
      self = .standard
    } else {
      self = .verbatim(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// The text: the pattern's when ``standard``.
  func text(standard: Quake.TextPattern?) -> String? {
    switch self {
    case .absent: nil
    case .standard: standard?.text
    case .verbatim(let text): text
    }
  }

  /// Whether `bytes` are the pattern's four pieces one after the other:
  /// lengths first, then the bytes of each piece in place, without joining them.
  private static func bytes(_ bytes: UnsafeRawBufferPointer, equal pattern: Quake.TextPattern) -> Bool {
    var first = pattern.first
    var second = pattern.second
    let prefixCount = pattern.prefix.utf8CodeUnitCount
    let infixCount = pattern.infix.utf8CodeUnitCount
    let firstCount = first.utf8.count
    guard bytes.count == prefixCount + firstCount + infixCount + second.utf8.count else { return false }
    guard let start = bytes.baseAddress else { return true }
    return Self.equal(start, pattern.prefix.utf8Start, prefixCount)
      && first.withUTF8 { Self.equal(start + prefixCount, $0.baseAddress, $0.count) }
      && Self.equal(start + prefixCount + firstCount, pattern.infix.utf8Start, infixCount)
      && second.withUTF8 { Self.equal(start + prefixCount + firstCount + infixCount, $0.baseAddress, $0.count) }
  }

  /// Whether the `count` bytes at `left` and `right` are equal (`right` may
  /// be `nil` only when `count` is 0). Short runs are compared in place:
  /// most pieces are a few bytes, shorter than a call to `memcmp` is worth.
  @inline(__always)
  private static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer?, _ count: Int) -> Bool {
    guard count > 0 else { return true }
    guard let right else { return false }
    if count >= 32 { return memcmp(left, right, count) == 0 }
    for offset in 0..<count
    where left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
      return false
    }
    return true
  }
}
