// Values the feed does not need (`felt`, `detail`, `bbox`, a nested object a
// future API adds): checked against JSON's grammar and stepped over, without
// making anything from them.
extension FeedScanner {
  /// Steps over the value whose first byte is at ``index``.
  mutating func skipValue() throws(FeedDecodingError) {
    switch self.base[self.index] {
    case UInt8(ascii: "\""):
      _ = try self.skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      _ = try self.scanNumber()
    case UInt8(ascii: "{"):
      if try self.enterObject() {
        repeat {
          _ = try self.readKey()
          try self.skipValue()
        } while try self.nextMember()
      }
    case UInt8(ascii: "["):
      if try self.enterArray() {
        repeat {
          try self.skipValue()
        } while try self.nextElement()
      }
    case UInt8(ascii: "t"):
      try self.skipLiteral("true")
    case UInt8(ascii: "f"):
      try self.skipLiteral("false")
    case UInt8(ascii: "n"):
      try self.skipLiteral("null")
    default:
      throw self.invalid(expected: "a JSON value")
    }
  }

  /// Steps over `literal` (`true`, `false` or `null`) at ``index``.
  mutating func skipLiteral(_ literal: StaticString) throws(FeedDecodingError) {
    let start = self.index
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    for byte in expected {
      guard self.index < self.count else { throw self.truncated(inside: .literal) }
      guard self.base[self.index] == byte else {
        self.index = start
        throw self.invalid(expected: "a JSON value")
      }
      self.index &+= 1
    }
  }
}
