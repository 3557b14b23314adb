// Strings: stepping over them eight bytes at a time, and making Swift strings
// from them.
//
// A string without escapes (nearly all of them) becomes a `String` straight
// from the body's bytes; `String(decoding:as:)` checks the UTF-8 and replaces
// an invalid sequence with U+FFFD, so a kept string is always valid text.
// A string with escapes is unescaped into a buffer first.
extension FeedScanner {
  /// Reads the string whose opening quote is at ``index``.
  @inline(__always)
  mutating func readString() throws(FeedDecodingError) -> String {
    self.index &+= 1
    let start = self.index
    let escaped = try self.skipStringBody()
    let end = self.index &- 1
    if escaped {
      return String(decoding: self.unescape(from: start, to: end), as: UTF8.self)
    }
    return String(decoding: UnsafeBufferPointer(start: self.base + start, count: end &- start), as: UTF8.self)
  }

  /// Steps over the string whose opening quote is at ``index``.
  ///
  /// - Returns: the bytes between its quotes, as offsets, and whether they
  ///   hold an escape.
  @inline(__always)
  mutating func skipString() throws(FeedDecodingError) -> (start: Int, end: Int, escaped: Bool) {
    self.index &+= 1
    let start = self.index
    let escaped = try self.skipStringBody()
    return (start, self.index &- 1, escaped)
  }

  /// Steps over a string's content and its closing quote; ``index`` starts
  /// just after the opening quote.
  ///
  /// Checks what JSON requires of a string: escapes from the allowed set,
  /// four hex digits after `\u`, no raw control character.
  ///
  /// - Returns: whether the string holds an escape.
  @inline(__always)
  mutating func skipStringBody() throws(FeedDecodingError) -> Bool {
    var escaped = false
    while true {
      // Eight bytes at a time, up to the first quote, backslash or control byte.
      while self.index &+ 8 <= self.count {
        let word = UInt64(littleEndian: UnsafeRawPointer(self.base + self.index).loadUnaligned(as: UInt64.self))
        let special = Self.specialBytes(word)
        if special != 0 {
          self.index &+= special.trailingZeroBitCount &>> 3
          break
        }
        self.index &+= 8
      }
      guard self.index < self.count else { throw self.truncated(inside: .string) }
      let byte = self.base[self.index]
      if byte == UInt8(ascii: "\"") {
        self.index &+= 1
        return escaped
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
        try self.skipEscape()
      } else if byte < 0x20 {
        throw self.invalid(expected: "a string character (a control character must be escaped)")
      } else {
        self.index &+= 1
      }
    }
  }

  /// The high bit of each byte of `word` that is a quote, a backslash or a
  /// control character (below 0x20). Bytes above the lowest flagged one may
  /// be flagged wrongly (a borrow), so only the lowest flag is meaningful.
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & highs
  }

  /// Steps over the escape whose backslash is at ``index``.
  mutating func skipEscape() throws(FeedDecodingError) {
    let next = self.index &+ 1
    guard next < self.count else { throw self.truncated(inside: .string) }
    switch self.base[next] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      self.index &+= 2
    case UInt8(ascii: "u"):
      for offset in next &+ 1...next &+ 4 {
        guard offset < self.count else { throw self.truncated(inside: .string) }
        guard Self.hexValue(self.base[offset]) != nil else {
          self.index = offset
          throw self.invalid(expected: "four hex digits after \\u")
        }
      }
      self.index &+= 6
    default:
      self.index = next
      throw self.invalid(expected: "an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
    }
  }

  /// The value of a hex digit, or `nil`.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte &- UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte &- UInt8(ascii: "a") &+ 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte &- UInt8(ascii: "A") &+ 10)
    default: nil
    }
  }

  /// The UTF-8 of the string content in `start..<end`, escapes resolved.
  ///
  /// The content was checked by ``skipStringBody()``; this still stays
  /// within `start..<end` whatever it holds. A `\uXXXX` pair of surrogates
  /// becomes the one character it encodes; a lone surrogate becomes U+FFFD.
  func unescape(from start: Int, to end: Int) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(end &- start)
    var offset = start
    while offset < end {
      let byte = self.base[offset]
      guard byte == UInt8(ascii: "\\"), offset &+ 1 < end else {
        output.append(byte)
        offset &+= 1
        continue
      }
      let escape = self.base[offset &+ 1]
      offset &+= 2
      switch escape {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard let unit = self.hexUnit(at: offset, end: end) else { continue }
        offset &+= 4
        var scalar = Unicode.Scalar(unit)
        if (0xD800...0xDBFF).contains(unit), offset &+ 6 <= end, self.base[offset] == UInt8(ascii: "\\"),
          self.base[offset &+ 1] == UInt8(ascii: "u"), let low = self.hexUnit(at: offset &+ 2, end: end),
          (0xDC00...0xDFFF).contains(low)
        {
          scalar = Unicode.Scalar(0x10000 &+ ((unit &- 0xD800) &<< 10) &+ (low &- 0xDC00))
          offset &+= 6
        }
        output.append(contentsOf: (scalar ?? "\u{FFFD}").utf8)
      default: output.append(escape)
      }
    }
    return output
  }

  /// The four hex digits at `offset` as a number, or `nil` when they are
  /// not four hex digits before `end`.
  private func hexUnit(at offset: Int, end: Int) -> UInt32? {
    guard offset &+ 4 <= end else { return nil }
    var unit: UInt32 = 0
    for position in offset..<offset &+ 4 {
      guard let digit = Self.hexValue(self.base[position]) else { return nil }
      unit = unit &<< 4 | digit
    }
    return unit
  }
}
