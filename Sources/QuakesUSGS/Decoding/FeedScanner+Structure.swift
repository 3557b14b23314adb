// Objects and arrays: entering them, reading keys, stepping between members.
//
// Every reader of a container follows the same loop:
//
//   if try self.enterObject() {
//     repeat {
//       let (key, first) = try self.readKey()
//       … read or skip the value that starts with `first` …
//     } while try self.nextMember()
//   }
//
// `depth` counts the open containers, so nesting is bounded whatever the body.
extension FeedScanner {
  /// Consumes the `{` at ``index``.
  ///
  /// - Returns: whether the object has a member; the index is then at its
  ///   key's opening quote. `false`: the object was empty and its `}` is consumed.
  @inline(__always)
  mutating func enterObject() throws(FeedDecodingError) -> Bool {
    guard self.depth < Self.maximumDepth else { throw self.tooDeep() }
    self.index &+= 1
    let byte = try self.nextByte(inside: .object)
    if byte == UInt8(ascii: "}") {
      self.index &+= 1
      return false
    }
    guard byte == UInt8(ascii: "\"") else { throw self.invalid(expected: "a string key or '}'") }
    self.depth &+= 1
    return true
  }

  /// Reads the key whose opening quote is at ``index``, and the colon after it.
  ///
  /// - Returns: which key it is, and the first byte of its value (the index
  ///   is there).
  @inline(__always)
  mutating func readKey() throws(FeedDecodingError) -> (key: FeedKey, first: UInt8) {
    self.index &+= 1
    let start = self.index
    let escaped = try self.skipStringBody()
    let end = self.index &- 1
    let key =
      escaped
      ? FeedKey(unescaped: self.unescape(from: start, to: end))
      : FeedKey(UnsafeBufferPointer(start: self.base + start, count: end &- start))
    guard try self.nextByte(inside: .object) == UInt8(ascii: ":") else {
      throw self.invalid(expected: "':' after an object key")
    }
    self.index &+= 1
    return (key, try self.nextByte(inside: .object))
  }

  /// ``readKey()`` when the key at ``index`` is likely `predicted` (USGS
  /// writes a feature's properties in one order): a key that is exactly the
  /// prediction's bytes followed by its closing quote is taken without
  /// scanning or classifying it; any other goes the general way.
  @inline(__always)
  mutating func readKey(predicted: FeedKey.Prediction) throws(FeedDecodingError) -> (key: FeedKey, first: UInt8) {
    let length = predicted.literal.utf8CodeUnitCount
    let start = self.index &+ 1
    if length < self.count &- start, self.base[start &+ length] == UInt8(ascii: "\""),
      Self.bytes(at: self.base + start, equal: predicted.literal)
    {
      self.index = start &+ length &+ 1
      guard try self.nextByte(inside: .object) == UInt8(ascii: ":") else {
        throw self.invalid(expected: "':' after an object key")
      }
      self.index &+= 1
      return (predicted.key, try self.nextByte(inside: .object))
    }
    return try self.readKey()
  }

  /// Whether the bytes at `start` begin with `literal` (the caller checked
  /// there are enough); keys are a few bytes, compared in place.
  @inline(__always)
  private static func bytes(at start: UnsafePointer<UInt8>, equal literal: StaticString) -> Bool {
    let expected = literal.utf8Start
    for offset in 0..<literal.utf8CodeUnitCount where start[offset] != expected[offset] {
      return false
    }
    return true
  }

  /// After a member's value: consumes the `,` or `}` that follows.
  ///
  /// - Returns: `true` after a `,` (the index is then at the next key's
  ///   opening quote), `false` after the `}` that closes the object.
  @inline(__always)
  mutating func nextMember() throws(FeedDecodingError) -> Bool {
    let byte = try self.nextByte(inside: .object)
    if byte == UInt8(ascii: ",") {
      self.index &+= 1
      guard try self.nextByte(inside: .object) == UInt8(ascii: "\"") else {
        throw self.invalid(expected: "a string key after ','")
      }
      return true
    }
    guard byte == UInt8(ascii: "}") else { throw self.invalid(expected: "',' or '}' after an object member") }
    self.index &+= 1
    self.depth &-= 1
    return false
  }

  /// Consumes the `[` at ``index``.
  ///
  /// - Returns: whether the array has an element; the index is then at its
  ///   first byte. `false`: the array was empty and its `]` is consumed.
  @inline(__always)
  mutating func enterArray(_ context: ScanContext = .array) throws(FeedDecodingError) -> Bool {
    guard self.depth < Self.maximumDepth else { throw self.tooDeep() }
    self.index &+= 1
    if try self.nextByte(inside: context) == UInt8(ascii: "]") {
      self.index &+= 1
      return false
    }
    self.depth &+= 1
    return true
  }

  /// After an element: consumes the `,` or `]` that follows.
  ///
  /// - Returns: `true` after a `,` (the index is then at the next element's
  ///   first byte), `false` after the `]` that closes the array.
  @inline(__always)
  mutating func nextElement(_ context: ScanContext = .array) throws(FeedDecodingError) -> Bool {
    let byte = try self.nextByte(inside: context)
    if byte == UInt8(ascii: ",") {
      self.index &+= 1
      _ = try self.nextByte(inside: context)
      return true
    }
    guard byte == UInt8(ascii: "]") else { throw self.invalid(expected: "',' or ']' after an array element") }
    self.index &+= 1
    self.depth &-= 1
    return false
  }
}
